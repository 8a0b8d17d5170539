import { SEARCH_SORT_FIELDS, type SearchSortField } from '@grouptrack/domain';
import type { TableSort } from '../api/search-contact-pages';

/** The newest contacts first, when the address names no sort. */
export const DEFAULT_TABLE_SORT: TableSort = { field: 'createdAt', order: 'desc' };

const FIELD_PARAM = 'sort';
const ORDER_PARAM = 'order';

/** The sort the address names; an unknown field or order falls back to the default. */
export function readTableSort(params: URLSearchParams): TableSort {
  const field = params.get(FIELD_PARAM);
  if (!(SEARCH_SORT_FIELDS as readonly string[]).includes(field ?? '')) return DEFAULT_TABLE_SORT;
  const order = params.get(ORDER_PARAM);
  return {
    field: field as SearchSortField,
    order: order === 'asc' || order === 'desc' ? order : defaultOrderOf(field as SearchSortField),
  };
}

/**
 * New search params with the sort in them (the default leaves none), the filters kept: the sort is
 * part of the list's address, so "Back" from a contact and a shared link show the same order.
 */
export function writeTableSort(current: URLSearchParams, sort: TableSort): URLSearchParams {
  const params = new URLSearchParams(current);
  if (sort.field === DEFAULT_TABLE_SORT.field && sort.order === DEFAULT_TABLE_SORT.order) {
    params.delete(FIELD_PARAM);
    params.delete(ORDER_PARAM);
  } else {
    params.set(FIELD_PARAM, sort.field);
    params.set(ORDER_PARAM, sort.order);
  }
  return params;
}

/** Dates read newest first, everything else from A. */
export function defaultOrderOf(field: SearchSortField): TableSort['order'] {
  return field === 'createdAt' || field === 'updatedAt' ? 'desc' : 'asc';
}

/** A click on a column's header: the same column flips its order, another starts at its natural one. */
export function toggleColumnSort(current: TableSort, field: SearchSortField): TableSort {
  return current.field === field
    ? { field, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { field, order: defaultOrderOf(field) };
}
