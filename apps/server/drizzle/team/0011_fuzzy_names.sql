-- Looking a person up forgives a letter missing, extra or changed in a word of their name: the
-- edit distance of fuzzystrmatch, a trusted extension a database owner may create.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
