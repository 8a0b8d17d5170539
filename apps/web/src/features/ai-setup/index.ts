export { AiSetupPage } from './components/ai-setup-page';
export { AiAnswer } from './components/ai-answer';
export { useAiWriter } from './api/use-ai-writer';
export { askAi } from './api/ask-ai';
export { TemplateGenerator } from './components/template-generator';
export { AiComposer } from './components/ai-composer';
