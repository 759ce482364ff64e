import { describe, expect, it } from 'vitest';
import { uploadError, uploadMat } from './uploadMat';

describe('uploadMat', () => {
  it('sends the text as the body with the file name in the query, and answers the stored match', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const r = await uploadMat(' 1 point match\n', 'my match.mat', async (url, init) => {
      seen.push({ url, init });
      return new Response(JSON.stringify({ gameId: 'g1' }), { status: 201 });
    });
    expect(r).toEqual({ gameId: 'g1' });
    expect(seen[0]!.url).toBe('/api/imports?name=my%20match.mat');
    expect(seen[0]!.init).toMatchObject({ method: 'POST', body: ' 1 point match\n' });
  });

  it("rejects with the error's code and line; unknown codes are INTERNAL; a failed request is DISCONNECTED", async () => {
    const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });
    await expect(uploadMat('x', 'a.mat', answer(400, { error: { code: 'ILLEGAL_TURN', line: 7, message: 'line 7: …' } }))).rejects.toEqual({
      code: 'ILLEGAL_TURN',
      line: 7,
    });
    await expect(
      uploadMat('x', 'a.mat', async () => {
        throw new TypeError('offline');
      }),
    ).rejects.toEqual({ code: 'DISCONNECTED', line: null });
    expect(uploadError(400, { error: { code: 'WHAT' } })).toEqual({ code: 'INTERNAL', line: null });
    expect(uploadError(413, null)).toEqual({ code: 'TOO_LARGE', line: null });
  });
});
