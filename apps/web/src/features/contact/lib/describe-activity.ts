/** An activity as the timeline needs it. */
export interface ActivityInput {
  type: string;
  action: string;
  note: string | null;
  data: Record<string, unknown> | null;
}

const FIELD_NAMES: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  name: 'name',
  emailAddress: 'email',
  phoneNumber: 'phone',
  photoUrl: 'photo',
  sources: 'sources',
};

function readText(data: Record<string, unknown> | null, key: string): string | null {
  const value = data?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** One sentence saying what happened, for the contact's timeline. */
export function describeActivity({
  activity,
  pipelineName,
}: {
  activity: ActivityInput;
  pipelineName: string | null;
}): string {
  const { type, action, data } = activity;
  const inPipeline = pipelineName ? ` in ${pipelineName}` : '';
  switch (type) {
    case 'stage':
      return `Moved to stage ${readText(data, 'stage') ?? 'another stage'}${inPipeline}`;
    case 'pipeline':
      return action === 'removed'
        ? `Taken out of ${pipelineName ?? 'a pipeline'}`
        : `Added to ${pipelineName ?? 'a pipeline'}`;
    case 'tag':
      return `Tag ${readText(data, 'tag') ?? ''} ${action === 'removed' ? 'removed' : 'added'}`.replace(
        /\s+/g,
        ' ',
      );
    case 'note':
      return `Note ${action}`;
    case 'message': {
      if (action === 'replied') return 'They replied';
      const template = readText(data, 'templateName');
      return template ? `Message ${action} from template ${template}` : `Message ${action}`;
    }
    case 'queued_message': {
      const reason = readText(data, 'reason');
      return action === 'failed'
        ? `Queued message not sent${reason ? `: ${reason}` : ''}`
        : `Queued message ${action}`;
    }
    case 'status_label':
      return action === 'cleared'
        ? 'Status label cleared'
        : `Status label set to ${readText(data, 'label') ?? 'a label'}`;
    case 'deal':
      return `Deal ${readText(data, 'name') ?? ''} ${action}`.replace(/\s+/g, ' ');
    case 'info': {
      const fields = Array.isArray(data?.fields)
        ? data.fields.filter((field) => typeof field === 'string')
        : [];
      return fields.length > 0
        ? `Updated ${fields.map((field) => FIELD_NAMES[field] ?? field).join(', ')}`
        : 'Details updated';
    }
    case 'member_request':
      return describeMemberRequest(action, data);
    case 'workflow':
      // A workflow's step that changed nothing else: its own words ("Wait 2 days").
      return readText(data, 'said') ?? `Workflow ${action}`;
    case 'contact':
      if (action === 'merged') return `Merged with ${readText(data, 'mergedName') ?? 'another contact'}`;
      return action === 'created' ? 'Contact created' : `Contact ${action}`;
    default:
      return `${type} ${action}`;
  }
}

/**
 * A request to join a group: asked; decided (by a rule, named, or by a person in the review list);
 * then carried out on the group's page.
 */
function describeMemberRequest(action: string, data: Record<string, unknown> | null): string {
  const group = readText(data, 'group') ?? readText(data, 'groupId') ?? 'a group';
  const rule = readText(data, 'rule');
  const byRule = rule === null ? '' : ` by the rule "${rule}"`;
  const feedback = readText(data, 'feedback');
  switch (action) {
    case 'asked':
      return `Asked to join ${group}`;
    case 'approve':
      return `Request to join ${group} to be approved${byRule}`;
    case 'decline':
      return `Request to join ${group} to be declined${byRule}${feedback === null ? '' : `, saying "${feedback}"`}`;
    case 'flag':
      return `Request to join ${group} flagged for review${byRule}`;
    case 'skip':
      return `Request to join ${group} skipped in review`;
    case 'approved':
      return `Approved into ${group}`;
    case 'declined':
      return `Declined from ${group}`;
    default:
      return `Request to join ${group}: ${action}`;
  }
}
