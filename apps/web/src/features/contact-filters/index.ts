export { ContactFilterBar } from './components/contact-filter-bar';
export type { ContactFilterBarProps } from './components/contact-filter-bar';
export { useContactFilters } from './hooks/use-contact-filters';
export type { ContactFilters } from './hooks/use-contact-filters';
export { useFilterSets, useCreateFilterSet } from './api/filter-sets';
export type { FilterSet } from './api/filter-sets';
export { hasContactFilters, readContactFilters, writeContactFilters } from './lib/filter-params';
export type { ContactFilter, ContactFilterPatch, ContactFilterValue } from './lib/filter-params';
export { listTagOptions } from './lib/tag-options';
