import { tableFeatures } from '@tanstack/react-table';

/** The TanStack Table features of the contact table: the core alone, as the server sorts and pages. */
export const contactTableFeatures = tableFeatures({});
