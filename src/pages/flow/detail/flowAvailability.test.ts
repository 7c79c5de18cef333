import { describe, expect, it } from 'vitest';
import type { FlowDetail } from '../../../app/api/flow';
import { availableActions, mayResubmit, returnedToStart, writableValues } from './flowAvailability';

const ME = 'me';
function detail(over: { status?: number; active?: string[]; creator?: string; todo?: boolean; handles?: number[]; manage?: boolean; waiting?: number }): FlowDetail {
  return {
    task: { id: 't', title: 'x', urgent: 1, status: over.status ?? 1, thisStep: null, creatorUserId: over.creator ?? 'someone', createdAt: 1, completedAt: null },
    flow: { id: 'e', enCode: 'e', fullName: 'e', modelId: null, nodes: [], active: over.active ?? ['A'], version: 1, template: { type: 'start', nodeId: 'S' }, completed: [] },
    formData: { a: 1, b: 'x' },
    records: (over.handles ?? [2]).map((h, i) => ({ id: String(i), nodeId: 'S', nodeName: 'S', userId: 'u', userName: 'u', handleStatus: h, opinion: null, signImg: null, createdAt: i })),
    todo: over.todo ? { operatorId: 'op', nodeId: 'A', nodeName: 'A', formOperates: [{ id: 'a', write: true }, { id: 'b', write: false }], returnTargets: { targets: ['S'], fallback: 'S' } } : null,
    ...(over.manage === undefined ? {} : { mayManage: over.manage, waiting: Array.from({ length: over.waiting ?? 0 }, (_, i) => ({ operatorId: `w${i}`, nodeId: 'A', nodeName: 'A', userId: 'u', userName: 'u', delegatedFrom: null })) }),
  };
}

describe('which flow actions the page offers', () => {
  it('my to-do: pass, return, reject; transfer and add-sign only from a server that sends mayManage', () => {
    expect(availableActions(detail({ todo: true }), ME)).toEqual(['pass', 'return', 'reject']);
    expect(availableActions(detail({ todo: true, manage: false }), ME)).toEqual(['pass', 'return', 'reject', 'transfer', 'addSign']);
    expect(availableActions(detail({ todo: true, status: 2 }), ME)).toEqual([]);
  });

  it('the initiator withdraws until an approver acts, and resubmits when returned to the start, rejected or withdrawn', () => {
    expect(availableActions(detail({ creator: ME }), ME)).toEqual(['withdraw']);
    expect(availableActions(detail({ creator: ME, handles: [2, 1] }), ME)).toEqual([]);
    expect(availableActions(detail({ creator: ME, handles: [2, 1, 0, 9] }), ME)).toEqual(['withdraw']);
    const returned = detail({ creator: ME, active: [], handles: [2, 0] });
    expect(returnedToStart(returned)).toBe(true);
    expect(availableActions(returned, ME)).toEqual(['resubmit']);
    for (const status of [3, 4]) expect(mayResubmit(detail({ creator: ME, status, active: [] }), ME)).toBe(true);
    for (const status of [2, 5]) expect(mayResubmit(detail({ creator: ME, status, active: [] }), ME)).toBe(false);
    expect(mayResubmit(detail({ status: 3 }), ME)).toBe(false);
  });

  it('a supervisor terminates and assigns a waiting flow, and changes an approver when someone is waiting', () => {
    expect(availableActions(detail({ manage: true }), ME)).toEqual(['cancel', 'assign']);
    expect(availableActions(detail({ manage: true, waiting: 2 }), ME)).toEqual(['cancel', 'assign', 'change']);
    expect(availableActions(detail({ manage: true, status: 2 }), ME)).toEqual([]);
  });

  it('a pass sends only the node’s writable fields', () => {
    expect(writableValues(detail({ todo: true }), { a: 5, b: 'changed' })).toEqual({ a: 5 });
    expect(writableValues(detail({}), { a: 5 })).toBeUndefined();
  });
});
