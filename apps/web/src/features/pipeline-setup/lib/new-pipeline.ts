import { isNameTaken } from '@grouptrack/domain';

const MAX_NAME = 100;

/** Checks a new pipeline's name and stage names: blanks dropped, names unique (case-insensitive). */
export function readNewPipeline({
  nickName,
  stageNames,
  existingNames,
}: {
  nickName: string;
  stageNames: readonly string[];
  existingNames: readonly string[];
}):
  | { ok: true; nickName: string; stageNames: string[] }
  | { ok: false; errors: { nickName?: string; stages?: string } } {
  const errors: { nickName?: string; stages?: string } = {};
  const name = nickName.trim();
  if (!name) errors.nickName = 'Enter a name';
  else if (name.length > MAX_NAME) errors.nickName = `A name can be at most ${MAX_NAME} characters`;
  else if (isNameTaken(existingNames, name)) errors.nickName = `A pipeline named "${name}" already exists`;
  const stages = stageNames.map((stage) => stage.trim()).filter(Boolean);
  if (stages.length === 0) errors.stages = 'Add at least one stage';
  else {
    const duplicate = stages.find((stage, index) => isNameTaken(stages.slice(0, index), stage));
    if (duplicate) errors.stages = `The stage "${duplicate}" is listed twice`;
    const long = stages.find((stage) => stage.length > MAX_NAME);
    if (long) errors.stages = `A stage name can be at most ${MAX_NAME} characters`;
  }
  if (errors.nickName || errors.stages) return { ok: false, errors };
  return { ok: true, nickName: name, stageNames: stages };
}
