import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { csvPages, sendCsv } from '../../../server/services/csv';

/**
 * The paged list exports' two halves on their own: reading a list a page at a time until a short
 * page, and sending the lines as a download (tests/server/listExports.test.ts runs the routes).
 */

const collect = async (lines: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const l of lines) out.push(l);
  return out;
};

describe('csvPages', () => {
  it('writes a BOM and the header, then every page until a short one', async () => {
    const rows = Array.from({ length: 5003 }, (_, i) => ({ n: i }));
    const page = vi.fn(async (offset: number, limit: number) => rows.slice(offset, offset + limit));
    const out = await collect(csvPages(['n', 'twice'], page, (r) => [r.n, r.n * 2]));
    expect(page.mock.calls).toEqual([
      [0, 5000],
      [5000, 5000],
    ]);
    expect(out[0]).toBe('\uFEFFn,twice\r\n');
    expect(out).toHaveLength(3);
    expect(out[1]!.split('\r\n')).toHaveLength(5001);
    expect(out[1]!.startsWith('0,0\r\n1,2\r\n')).toBe(true);
    expect(out[2]).toBe('5000,10000\r\n5001,10002\r\n5002,10004\r\n');
  });

  it('reads one more, empty, page when the list fills its pages exactly', async () => {
    const page = vi.fn(async (offset: number) =>
      offset < 5000 ? Array.from({ length: 5000 }, () => ({})) : [],
    );
    const out = await collect(csvPages(['a'], page, () => ['=x']));
    expect(page).toHaveBeenCalledTimes(2);
    expect(out.at(-1)).toBe('');
    // Cells are escaped as every CSV cell is: a formula is text.
    expect(out[1]!.slice(0, 6)).toBe(`'=x\r\n'`);
  });
});

describe('sendCsv', () => {
  it('sends the lines as a UTF-8 CSV download under its file name', async () => {
    const app = Fastify();
    app.get('/export', (_request, reply) =>
      sendCsv(
        reply,
        'agents.csv',
        csvPages(
          ['name'],
          async () => [{ n: 'Ada' }],
          (r) => [r.n],
        ),
      ),
    );
    const res = await app.inject({ method: 'GET', url: '/export' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="agents.csv"');
    expect(res.body).toBe('\uFEFFname\r\nAda\r\n');
  });
});
