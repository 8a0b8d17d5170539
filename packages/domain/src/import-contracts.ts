import { z } from 'zod';
import type { DateOrder, DateOrderHint } from './csv-dates';
import { CSV_FIELDS, type CsvField } from './csv-mapping';

// What the import routes answer (an upload and its progress, its warnings, the finished imports of
// the bell): the server declares these as response schemas, and the web app takes its types from
// them.

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'completed', 'failed'] as const;

/** The encodings an uploaded file is read in. */
export const CSV_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;

/** A field a column fills: one of CSV_FIELDS, or a numbered question or answer (`question.2`). */
const csvFieldSchema = z
  .enum(CSV_FIELDS as [CsvField, ...CsvField[]])
  .or(z.string().regex(/^(question|answer)\.\d{1,2}$/) as z.ZodType<CsvField>);

const dateOrderSchema = z.enum(['day-first', 'month-first']) satisfies z.ZodType<DateOrder>;
const dateOrderHintSchema = z.enum([
  'day-first',
  'month-first',
  'ambiguous',
]) satisfies z.ZodType<DateOrderHint>;

/** An uploaded import, its file's shape and the job's progress. */
export const importSchema = z.object({
  importId: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  headers: z.array(z.string()),
  /** The first rows, cell by cell. */
  preview: z.array(z.array(z.string())),
  totalRows: z.number().int(),
  suggestedMapping: z.array(csvFieldSchema),
  /** The file is GroupTrack's own contact CSV, which maps itself. */
  isGroupTrackExport: z.boolean(),
  /** The encoding the file was read in. */
  encoding: z.enum(CSV_ENCODINGS),
  /** What the user should know of how the file was read (another encoding, characters removed). */
  notices: z.array(z.string()),
  /** Per column, the order its numeric dates (03/04/2024) are in; 'ambiguous' when the user must choose. */
  dateOrders: z.array(dateOrderHintSchema.nullable()),
  /** The mapping it started with; null before it starts. */
  mapping: z.array(csvFieldSchema).nullable(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  refused: z.number().int(),
  /** Cells left empty in the rows kept. */
  warnings: z.number().int(),
  /** The date order chosen for its numeric dates, if one was. */
  dateOrder: dateOrderSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

/** A cell an import left empty, and why. */
export const importWarningSchema = z.object({
  /** The row number in the file. */
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  reason: z.string(),
  /** 'Row 7, email "n/a": not an email address; left empty' */
  message: z.string(),
});
export type ImportWarning = z.infer<typeof importWarningSchema>;

/** An import's first warnings (the rest are in its CSV) and how many it has. */
export const importWarningListSchema = z.object({
  total: z.number().int(),
  warnings: z.array(importWarningSchema),
});
export type ImportWarningList = z.infer<typeof importWarningListSchema>;

/** An import that has ended, as its starter's bell lists it. */
export const finishedImportSchema = z.object({
  importId: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  created: z.number().int(),
  updated: z.number().int(),
  refused: z.number().int(),
  warnings: z.number().int(),
  error: z.string().nullable(),
  finishedAt: z.string(),
  /** When its starter saw it in the bell, or null. */
  readAt: z.string().nullable(),
});
export type FinishedImport = z.infer<typeof finishedImportSchema>;
