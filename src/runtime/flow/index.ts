export { readFlowTemplate, FlowTemplateError, type FlowGraph, type FlowNode, type RawFlowNode, type FlowCondition } from './template';
export { conditionsHold, compare, isConditionSymbol } from './conditions';
export { startFlow, completeNode, returnTo, returnTargets, type FlowPosition, type FlowStep } from './walk';
export { counterSignOf, nodeDecision, type CounterSign, type NodeDecision } from './countersign';
export { templateProblems, formFieldsOf, KNOWN_ASSIGNEE_TYPES, type TemplateProblem, type TemplateProblemReason } from './validate';
export { timeLimitOf, timersOf, nextReminder, type TimeLimit } from './time-limit';
