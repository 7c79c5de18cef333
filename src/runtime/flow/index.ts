export { readFlowTemplate, FlowTemplateError, type FlowGraph, type FlowNode, type RawFlowNode, type FlowCondition } from './template';
export { conditionsHold, compare, isConditionSymbol } from './conditions';
export { startFlow, completeNode, returnTo, returnTargets, type FlowPosition, type FlowStep } from './walk';
export { counterSignOf, nodeDecision, type CounterSign, type NodeDecision } from './countersign';
export { timeLimitOf, timersOf, nextReminder, type TimeLimit } from './time-limit';
