import type { MessageTemplate } from '../api/message-templates';

/** What the list of message templates is narrowed by; null or '' means any. */
export interface MessageTemplateFilter {
  search: string;
  category: string | null;
  type: string | null;
  tag: string | null;
}

/** The templates whose name or text holds the search words and that match the chosen category, type and tag. */
export function filterMessageTemplates(
  templates: readonly MessageTemplate[],
  { search, category, type, tag }: MessageTemplateFilter,
): MessageTemplate[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return templates.filter((template) => {
    if (category !== null && template.category.trim() !== category) return false;
    if (type !== null && template.type.trim() !== type) return false;
    if (tag !== null && !template.tags.some((each) => each.trim() === tag)) return false;
    const haystack = `${template.name}\n${template.text}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
