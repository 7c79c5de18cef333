import { describe, expect, it } from 'vitest';
import { decodeFlowConfig, encodeFlowConfig, flowConfigOf, flowDetailPath } from './flowConfig';
import { flowMessagePath } from '../../app/api/messages';

describe('the /workFlowDetail config payload', () => {
  it('round-trips base64url JSON without padding or URL-unsafe characters', () => {
    for (const config of [{ taskId: 'a1' }, { taskId: '任务?&=/+', operatorId: 'op-9' }, { taskId: 'x'.repeat(50) }]) {
      const encoded = encodeFlowConfig(config);
      expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeFlowConfig(encoded)).toEqual(config);
      expect(flowConfigOf(flowDetailPath(config).split('?')[1]!)).toEqual(config);
    }
  });

  it('refuses what is not a payload of ours', () => {
    for (const bad of ['', '%%%', btoa('not json'), btoa('{"operatorId":"x"}'), btoa('[1]'), btoa('{"taskId":7}')]) expect(decodeFlowConfig(bad)).toBeNull();
    expect(flowConfigOf('config=@@')).toBeNull();
    expect(flowConfigOf('')).toBeNull();
  });

  it("reads the flow messages' links (id and majorId) and a plain taskId", () => {
    const link = flowMessagePath({ flowType: 1, linkId: 'task-7', id: 'msg-1' });
    expect(flowConfigOf(link.split('?')[1]!)).toEqual({ taskId: 'task-7' });
    expect(flowConfigOf('taskId=t2')).toEqual({ taskId: 't2' });
  });
});
