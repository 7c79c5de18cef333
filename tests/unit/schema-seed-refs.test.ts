import { describe, expect, it } from 'vitest';
import { checkDescriptor, loadDescriptors } from '../../scripts/schema-lib';
import { sourceRefs, unseededSources } from '../../scripts/schema-seed-refs';

/** schema:check warns about dictionaries and data interfaces that the seed data lacks. */
describe('option sources against the seed data', () => {
  const descriptors = loadDescriptors();
  const compiled = (file: string) => {
    const d = descriptors.find((x) => x.file === file)!;
    return { d, model: checkDescriptor(d).model };
  };

  it('finds what the demo pages name, and the seed data has all of it', () => {
    const refs = descriptors.flatMap((d) => sourceRefs(d.kind, checkDescriptor(d).model).map((r) => `${d.kind}:${r.source}:${r.id}@${r.path}`));
    expect(refs).toEqual(expect.arrayContaining([
      'model:dictionary:goodsCategory@category',
      'dictionary:dictionary:goodsCategory@dictionaryType',
      'report:dataInterface:salesByMonth@interfaceId',
      'portal:dataInterface:todayStats@cards[0].interfaceId',
    ]));
    for (const d of descriptors) expect(unseededSources(d.file, d.kind, checkDescriptor(d).model, 'zh-CN'), d.file).toEqual([]);
  });

  it('warns, at the field or key, in the chosen language, for names the seed lacks', () => {
    const { d, model } = compiled('schemas/models/demo-model.json');
    const seeded = { dictionary: new Set<string>(), dataInterface: new Set<string>() };
    expect(unseededSources(d.file, d.kind, model, 'en', seeded)).toEqual([
      { file: d.file, path: 'category', severity: 'warning', code: 'compile.unseededDictionary', message: 'dictionary goodsCategory is not in the seed data: a new installation has no entries for it' },
    ]);
    const report = compiled('schemas/reports/demo-report.json');
    expect(unseededSources(report.d.file, report.d.kind, report.model, 'zh-CN', seeded)).toEqual([
      expect.objectContaining({ path: 'interfaceId', code: 'compile.unseededInterface', message: '数据接口 salesByMonth 不在种子数据中：新安装上它不存在' }),
    ]);
  });
});
