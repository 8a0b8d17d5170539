import { IMPORTED_TAG_SET, listQuestionPairs, parseTagCell, type CsvField } from '@grouptrack/domain';
import { Badge, Group, List, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import type { ImportState } from '../api/imports';
import { listFieldOptions } from '../lib/field-options';

const columnName = (headers: readonly string[], index: number) => headers[index] || `Column ${index + 1}`;

/** A preview cell as the import will read it: a tag column shows each tag it makes. */
function PreviewCell({ field, value }: { field: CsvField; value: string }) {
  if ((field === 'globalTags' || field === 'pipelineTags') && value.trim() !== '') {
    const tags = parseTagCell(value, IMPORTED_TAG_SET);
    return (
      <Group
        gap={4}
        aria-label={`Tags: ${tags.map((tag) => `${tag.tagSetName}: ${tag.tagName}`).join(', ')}`}
      >
        {tags.map((tag, index) => (
          <Badge key={index} size="xs" variant="light" tt="none">
            {tag.tagSetName === IMPORTED_TAG_SET ? tag.tagName : `${tag.tagSetName}: ${tag.tagName}`}
          </Badge>
        ))}
      </Group>
    );
  }
  return (
    <Text size="xs" lineClamp={2}>
      {value}
    </Text>
  );
}

/** The columns with a field to choose for each, over the first rows as the import will read them. */
export function MappingTable({
  upload,
  mapping,
  onChange,
}: {
  upload: ImportState;
  mapping: CsvField[];
  onChange: (mapping: CsvField[]) => void;
}) {
  const fieldOptions = listFieldOptions(mapping);
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table withTableBorder withColumnBorders aria-label="Column mapping and preview">
        <Table.Thead>
          <Table.Tr>
            {upload.headers.map((header, index) => (
              <Table.Th key={index} miw={180}>
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {columnName(upload.headers, index)}
                  </Text>
                  <Select
                    size="xs"
                    aria-label={`Field for column ${header || index + 1}`}
                    data={fieldOptions}
                    value={mapping[index] ?? 'ignore'}
                    onChange={(value) => {
                      const next = [...mapping];
                      next[index] = (value ?? 'ignore') as CsvField;
                      onChange(next);
                    }}
                    allowDeselect={false}
                    searchable
                  />
                </Stack>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {upload.preview.map((row, rowIndex) => (
            <Table.Tr key={rowIndex}>
              {upload.headers.map((_, index) => (
                <Table.Td key={index}>
                  <PreviewCell field={mapping[index] ?? 'ignore'} value={row[index] ?? ''} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/**
 * The question and answer pairs the mapping makes, side by side, with the first row's: an answer
 * column without a question column is asked by its own name.
 */
export function QuestionPairs({ upload, mapping }: { upload: ImportState; mapping: CsvField[] }) {
  const pairs = listQuestionPairs(mapping);
  if (pairs.length === 0) return null;
  const first = upload.preview[0] ?? [];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Questions and answers
      </Text>
      <List size="sm" spacing={2} aria-label="Question and answer pairs">
        {pairs.map(({ pair, questionColumn, answerColumn }) => {
          const question =
            questionColumn !== null
              ? `question from "${columnName(upload.headers, questionColumn)}"`
              : answerColumn !== null
                ? `question "${columnName(upload.headers, answerColumn)}" (the column's name)`
                : '';
          const answer =
            answerColumn !== null
              ? `answer from "${columnName(upload.headers, answerColumn)}"`
              : 'no answer column';
          const example = [
            questionColumn !== null ? first[questionColumn] : columnName(upload.headers, answerColumn ?? 0),
            answerColumn !== null ? first[answerColumn] : '',
          ];
          return (
            <List.Item key={pair}>
              Pair {pair}: {question} → {answer}
              {example[1] ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (first row: {example[0]} → {example[1]})
                </Text>
              ) : null}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
