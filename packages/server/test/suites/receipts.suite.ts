import {
  RECEIPT_LIMIT_REACHED,
  RECEIPT_MAX_BYTES,
  RECEIPT_MEMBERS_ONLY,
  RECEIPT_PDF_REFUSED,
  RECEIPT_TOO_LARGE,
  RECEIPT_UNSUPPORTED,
  RECEIPT_UPLOADER_ONLY,
} from '@kitty/domain';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../contract';
import type { TestContext } from '../support/context';
import { createExpense, deleteExpense, expenseBody, getExpense } from '../support/expenses';
import { groupOf, type Person } from '../support/groups';
import { fileUpload, jpegOf, minimalPdf, multipart, pngOf, postReceipt, webpOf } from '../support/receipts';
import { bearer, registerUser } from '../support/users';
import { expectTooMany, GENEROUS } from './abuse-limits.suite';

interface ReceiptJson {
  id: string;
  expense_id: string;
  content_type: string;
  size: number;
  filename: string;
  has_thumbnail: boolean;
  width: number | null;
  height: number | null;
  uploaded_by: { id: string; display_name: string };
  created_at: string;
}

/**
 * Receipts on an expense: whoever sees the expense attaches (current group members), lists and opens them;
 * the type comes from the bytes, never from the name or the declared type; images must decode and get a
 * thumbnail; 10 MB and 5 per expense at most; the uploader alone removes one; strangers learn nothing.
 */
export function receiptsSuite(ctx: TestContext): void {
  const base = (expenseId: string, rest = '') => `/api/expenses/${expenseId}/receipts${rest}`;
  const get = (as: Person, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(as.token) });
  const list = (as: Person, expenseId: string) => get(as, base(expenseId));
  const fileOf = (as: Person, expenseId: string, id: string) => get(as, base(expenseId, `/${id}`));
  const thumbOf = (as: Person, expenseId: string, id: string) => get(as, base(expenseId, `/${id}/thumbnail`));
  const remove = (as: Person, expenseId: string, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: base(expenseId, `/${id}`), headers: bearer(as.token) });
  const attach = async (as: Person, expenseId: string, data: Buffer, name?: string, type?: string) => {
    const response = await postReceipt(ctx.app, as, expenseId, fileUpload(data, name, type));
    expect(response.statusCode, response.body).toBe(201);
    return expectContract<ReceiptJson>(response, 'attachReceipt');
  };
  const receiptsOf = async (as: Person, expenseId: string) => {
    const response = await list(as, expenseId);
    expect(response.statusCode, response.body).toBe(200);
    return expectContract<{ receipts: ReceiptJson[] }>(response, 'listReceipts').receipts;
  };
  const stored = async () =>
    (
      await ctx.db.query<{ id: string; kinds: string }>(
        `SELECT r.id, string_agg(f.kind, ',' ORDER BY f.kind) AS kinds
           FROM expense_receipts r LEFT JOIN expense_receipt_files f ON f.receipt_id = r.id
          GROUP BY r.id ORDER BY r.id`,
      )
    ).rows;
  const expectNotFound = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  };
  const expectRefused = (response: LightMyRequestResponse, status: number, body: object) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(expectContract(response, 'attachReceipt')).toEqual(body);
  };
  const unsupported = { code: 'UNSUPPORTED_MEDIA_TYPE', message: RECEIPT_UNSUPPORTED };

  describe('receipts on an expense', () => {
    let a: Person;
    let b: Person;
    let c: Person;
    let groupId: string;
    const expenseIn = async (amount = 30) =>
      (await createExpense(ctx.app, a, expenseBody(a.user.id, [b.user.id], { group_id: groupId, amount })))
        .id as string;

    beforeAll(async () => {
      const made = await groupOf(ctx.app, 3);
      [a, b, c] = made.people as [Person, Person, Person];
      groupId = made.group.id;
    });

    it('attaches a JPEG, PNG, WebP and PDF, typed by their bytes, listed oldest first for everyone who sees the expense', async () => {
      const expenseId = await expenseIn();
      const version = expectContract<{ version: number }>(
        await getExpense(ctx.app, a, expenseId),
        'getExpense',
      ).version;
      const jpeg = await attach(b, expenseId, await jpegOf(640, 480), 'dinner.jpg', 'image/jpeg');
      expect(jpeg).toMatchObject({
        expense_id: expenseId,
        content_type: 'image/jpeg',
        filename: 'dinner.jpg',
        has_thumbnail: true,
        width: 640,
        height: 480,
        uploaded_by: { id: b.user.id, display_name: expect.any(String) },
      });
      expect(Math.abs(Date.parse(jpeg.created_at) - Date.now())).toBeLessThan(60_000);
      const png = await attach(a, expenseId, await pngOf(40, 30), 'till.png', 'image/png');
      // c is in the group but not in the expense: a member sees it, so may attach.
      const webp = await attach(c, expenseId, await webpOf(300, 900), 'photo.webp', 'image/webp');
      const pdf = await attach(a, expenseId, minimalPdf(), 'invoice.pdf', 'application/pdf');
      expect(png).toMatchObject({ content_type: 'image/png', width: 40, height: 30, has_thumbnail: true });
      expect(webp).toMatchObject({
        content_type: 'image/webp',
        width: 300,
        height: 900,
        has_thumbnail: true,
      });
      expect(pdf).toMatchObject({
        content_type: 'application/pdf',
        has_thumbnail: false,
        width: null,
        height: null,
        size: minimalPdf().length,
      });
      for (const viewer of [a, b, c]) {
        expect((await receiptsOf(viewer, expenseId)).map((r) => r.id)).toEqual([
          jpeg.id,
          png.id,
          webp.id,
          pdf.id,
        ]);
      }
      // Attaching is not a change of the expense.
      expect(
        expectContract<{ version: number }>(await getExpense(ctx.app, a, expenseId), 'getExpense').version,
      ).toBe(version);
    });

    it('answers a PDF byte for byte with its sniffed type, inline, nosniff, private, under a policy without scripts', async () => {
      const expenseId = await expenseIn();
      const bytes = minimalPdf();
      const made = await attach(b, expenseId, bytes, 'Účtenka kavárna (1).pdf', 'application/pdf');
      const response = await fileOf(c, expenseId, made.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.rawPayload.equals(bytes)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-length']).toBe(String(bytes.length));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toMatch(/^private\b/);
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="__tenka kav_rna (1).pdf"; filename*=UTF-8''%C3%9A%C4%8Dtenka%20kav%C3%A1rna%20%281%29.pdf`,
      );
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain('sandbox');
      expect(policy).not.toMatch(/script-src/);

      const head = await ctx.app.inject({
        method: 'HEAD',
        url: base(expenseId, `/${made.id}`),
        headers: bearer(c.token),
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('application/pdf');
      expect(head.body).toBe('');

      const png = await attach(a, expenseId, await pngOf(50, 20), 'photo', 'image/png');
      const opened = await fileOf(b, expenseId, png.id);
      expect(opened.headers['content-type']).toBe('image/png');
      expect(opened.headers['content-length']).toBe(String(png.size));
      // The name had no extension: the answer names the type's.
      expect(opened.headers['content-disposition']).toBe(
        `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
      );
      expect(opened.headers['content-security-policy']).toBe(policy);
    });

    it('keeps and serves a photo without its location, camera details or comments, turned as it is shown', async () => {
      const expenseId = await expenseIn();
      // 400 × 100, red on the left, blue on the right, stored sideways: EXIF orientation 6 shows it turned a
      // quarter clockwise, 100 × 400, red on top.
      const sideways = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#f00' } })
        .composite([
          {
            input: { create: { width: 200, height: 100, channels: 3, background: '#00f' } },
            left: 200,
            top: 0,
          },
        ])
        .png()
        .toBuffer();
      const exif = {
        IFD0: { Make: 'KittyCam', Model: 'Spy 3000', Artist: 'Jan Novak' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '50/1 5/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '14/1 25/1 0/1',
          GPSMapDatum: 'WGS-84',
        },
      };
      const xmp =
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="50,5.0N"/></rdf:RDF></x:xmpmeta>';
      const tagged = (image: Sharp) =>
        image.withExif(exif).withXmp(xmp).withMetadata({ orientation: 6 }).toBuffer();
      const photos: [string, Buffer][] = [
        ['image/jpeg', withJpegComment(await tagged(sharp(sideways).jpeg()), 'Home, Dlouha 12, Praha')],
        ['image/png', await tagged(sharp(sideways).png())],
        ['image/webp', await tagged(sharp(sideways).webp({ lossless: true }))],
      ];
      const identifying = [
        'Exif',
        'KittyCam',
        'Spy 3000',
        'Jan Novak',
        'WGS-84',
        'xmpmeta',
        'GPSLatitude',
        'Dlouha',
      ];
      for (const [type, photo] of photos) {
        const sent = await sharp(photo).metadata();
        expect([sent.orientation, sent.width, Boolean(sent.exif), Boolean(sent.xmp)]).toEqual([
          6,
          400,
          true,
          true,
        ]);
        expect(identifying.filter((text) => photo.includes(text)).length).toBeGreaterThan(3);

        const made = await attach(a, expenseId, photo, 'receipt', type);
        expect([made.content_type, made.width, made.height]).toEqual([type, 100, 400]);
        const served = (await fileOf(b, expenseId, made.id)).rawPayload;
        expect(served.length).toBe(made.size);
        expect(
          identifying.filter((text) => served.includes(text)),
          type,
        ).toEqual([]);
        const kept = await sharp(served).metadata();
        expect(kept).toMatchObject({ format: type.slice(6), width: 100, height: 400 });
        expect([kept.orientation, kept.exif, kept.xmp, kept.iptc, kept.icc, kept.comments], type).toEqual([
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
        ]);
        // The pixels are turned, not just the size: red on top, blue below.
        const { data, info } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
        const pixel = (x: number, y: number) => {
          const at = (y * info.width + x) * info.channels;
          return [...data.subarray(at, at + 3)];
        };
        expect(colour(pixel(50, 20)), type).toBe('red');
        expect(colour(pixel(50, 380)), type).toBe('blue');
      }
      // Stored so: the database holds no copy with the metadata either.
      const { rows } = await ctx.db.query<{ found: number }>(
        `SELECT count(*)::int AS found FROM expense_receipt_files f JOIN expense_receipts r ON r.id = f.receipt_id
          WHERE r.expense_id = $1 AND (position('KittyCam'::bytea IN f.content) > 0
             OR position('WGS-84'::bytea IN f.content) > 0 OR position('Exif'::bytea IN f.content) > 0)`,
        [expenseId],
      );
      expect(rows[0]?.found).toBe(0);
    });

    it('a PDF must parse: one that only begins with %PDF, is cut short or has no page is 415 and keeps nothing', async () => {
      const expenseId = await expenseIn();
      const before = await stored();
      const pdf = minimalPdf();
      const broken: Buffer[] = [
        Buffer.from('%PDF-1.4\nnot really a document\n%%EOF\n'),
        Buffer.concat([Buffer.from('%PDF-1.7\n'), await jpegOf(20, 20)]),
        pdf.subarray(0, Math.floor(pdf.length / 2)),
        Buffer.from(pdf.toString('latin1').replace('/Kids [3 0 R] /Count 1', '/Kids [] /Count 0'), 'latin1'),
        Buffer.from(pdf.toString('latin1').replace('/Kids [3 0 R]', '/Kids [2 0 R]'), 'latin1'),
      ];
      for (const data of broken) {
        expectRefused(
          await postReceipt(ctx.app, a, expenseId, fileUpload(data, 'bill.pdf', 'application/pdf')),
          415,
          unsupported,
        );
      }
      expect(await stored()).toEqual(before);
    });

    it('a PDF locked with a password, or with scripts or actions that run by themselves, is 415 with its own words', async () => {
      const expenseId = await expenseIn();
      const before = await stored();
      const link = (action: string) => ({
        page: '/Annots [4 0 R]',
        objects: [`<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A ${action} >>`],
      });
      const refused: Buffer[] = [
        minimalPdf({
          objects: ['<< /Filter /Standard /V 1 /R 2 /O (0123456789abcdef0123456789abcdef) /U (x) /P -4 >>'],
          trailer: '/Encrypt 4 0 R /ID [<01> <01>]',
        }),
        minimalPdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>' }),
        minimalPdf({
          catalog: '/Names << /JavaScript 4 0 R >>',
          objects: [
            '<< /Names [(a) 5 0 R] >>',
            '<< /S /JavaScript /JS 6 0 R >>',
            '<< /Length 3 >>\nstream\nabc\nendstream',
          ],
        }),
        minimalPdf(link('<< /S /Launch /F (calc.exe) >>')),
        minimalPdf(link('<< /S /SubmitForm /F << /FS /URL /F (https://example.com/seen) >> >>')),
        minimalPdf({
          catalog: '/AcroForm << /Fields [] /XFA 4 0 R >>',
          objects: ['<< /Length 0 >>\nstream\n\nendstream'],
        }),
      ];
      for (const data of refused) {
        expectRefused(await postReceipt(ctx.app, a, expenseId, fileUpload(data, 'bill.pdf')), 415, {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: RECEIPT_PDF_REFUSED,
        });
      }
      expect(await stored()).toEqual(before);
      // A link to a web page is what many invoices carry: it opens only when clicked, and is kept.
      const linked = minimalPdf(link('<< /S /URI /URI (https://example.com/invoice) >>'));
      expect((await attach(a, expenseId, linked, 'linked.pdf')).size).toBe(linked.length);
      // A PDF as a program writes it (compressed object streams, several pages) is kept byte for byte.
      const document = await PDFDocument.create();
      for (let page = 1; page <= 3; page++) document.addPage().drawText(`Page ${page}`);
      const written = Buffer.from(await document.save({ useObjectStreams: true }));
      const kept = await attach(a, expenseId, written, 'written.pdf');
      expect((await fileOf(a, expenseId, kept.id)).rawPayload.equals(written)).toBe(true);
    });

    it('makes a WebP thumbnail at most 320 pixels on the longer side, for images only', async () => {
      const expenseId = await expenseIn();
      const cases: [Buffer, number, number][] = [
        [await jpegOf(1600, 1200), 320, 240],
        [await webpOf(300, 900), 107, 320],
        [await pngOf(40, 30), 40, 30],
      ];
      for (const [bytes, width, height] of cases) {
        const made = await attach(a, expenseId, bytes);
        const response = await thumbOf(b, expenseId, made.id);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        const meta = await sharp(response.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
      }
      // A phone photo stored sideways (EXIF orientation 6): its size and thumbnail are as it is shown.
      const sideways = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#c84' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const turned = await attach(a, expenseId, sideways, 'sideways.jpg');
      expect([turned.width, turned.height]).toEqual([100, 400]);
      const turnedThumb = await sharp((await thumbOf(a, expenseId, turned.id)).rawPayload).metadata();
      expect([turnedThumb.width, turnedThumb.height]).toEqual([80, 320]);
      const pdf = await attach(a, expenseId, minimalPdf(), 'bill.pdf');
      expectNotFound(await thumbOf(a, expenseId, pdf.id));
    });

    it('reads the type from the bytes: a PNG sent as a JPEG is kept as a PNG; disguised or broken files are 415 and keep nothing', async () => {
      const expenseId = await expenseIn();
      const png = await attach(a, expenseId, await pngOf(), 'photo.jpg', 'image/jpeg');
      expect(png.content_type).toBe('image/png');
      expect((await fileOf(a, expenseId, png.id)).headers['content-type']).toBe('image/png');
      const before = await stored();
      const jpeg = await jpegOf(200, 200);
      const corrupt = Buffer.from(jpeg);
      for (let i = 300; i < corrupt.length - 2; i += 7) corrupt[i] = (corrupt[i] as number) ^ 0xff;
      const disguised: [Buffer, string, string][] = [
        [Buffer.from('<html><script>alert(document.cookie)</script></html>'), 'photo.jpg', 'image/jpeg'],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.png', 'image/png'],
        [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'scan.pdf', 'application/pdf'],
        [
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<script>alert(1)</script>')]),
          'a.jpg',
          'image/jpeg',
        ],
        [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'truncated.jpg', 'image/jpeg'],
        [corrupt, 'corrupt.jpg', 'image/jpeg'],
        [(await pngOf()).subarray(0, 60), 'cut.png', 'image/png'],
        [
          await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
            .gif()
            .toBuffer(),
          'x.gif',
          'image/gif',
        ],
        [Buffer.from('GIF89a'), 'x.jpg', 'image/jpeg'],
      ];
      for (const [data, name, type] of disguised) {
        expectRefused(
          await postReceipt(ctx.app, a, expenseId, fileUpload(data, name, type)),
          415,
          unsupported,
        );
      }
      expect(await stored()).toEqual(before);
    });

    it('refuses a decompression bomb (a small PNG of 20000 × 20000 pixels) with 415', async () => {
      const expenseId = await expenseIn();
      const bomb = bombPng(20_000, 20_000);
      expect(bomb.length).toBeLessThan(100_000);
      expectRefused(
        await postReceipt(ctx.app, a, expenseId, fileUpload(bomb, 'bomb.png', 'image/png')),
        415,
        unsupported,
      );
      expect(await receiptsOf(a, expenseId)).toEqual([]);
    });

    it('takes exactly 10 MB; one byte more is 413 and keeps nothing', async () => {
      const expenseId = await expenseIn();
      const pdf = minimalPdf();
      const exactly = Buffer.concat([pdf, Buffer.alloc(RECEIPT_MAX_BYTES - pdf.length, 0x20)]);
      expect(exactly.length).toBe(10_485_760);
      const kept = await attach(a, expenseId, exactly, 'big.pdf', 'application/pdf');
      expect(kept.size).toBe(RECEIPT_MAX_BYTES);
      expect((await fileOf(b, expenseId, kept.id)).rawPayload.equals(exactly)).toBe(true);
      const before = await stored();
      const over = Buffer.concat([exactly, Buffer.from(' ')]);
      expectRefused(
        await postReceipt(ctx.app, a, expenseId, fileUpload(over, 'big.pdf', 'application/pdf')),
        413,
        {
          code: 'PAYLOAD_TOO_LARGE',
          message: RECEIPT_TOO_LARGE,
        },
      );
      // Sent without a Content-Length (chunked), the limit holds while it streams.
      const chunked = await ctx.app.inject({
        method: 'POST',
        url: base(expenseId),
        headers: {
          ...bearer(a.token),
          'content-type': fileUpload(over).contentType,
          'transfer-encoding': 'chunked',
        },
        payload: Readable.from([fileUpload(over, 'big.pdf', 'application/pdf').payload]),
      });
      expect(chunked.statusCode, chunked.body).toBe(413);
      // A field is cut at 1 kB but still read: the whole body is held to the same bound.
      const padded = multipart([
        { name: 'note', data: 'x'.repeat(RECEIPT_MAX_BYTES + 100_000) },
        { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', data: pdf },
      ]);
      const long = await ctx.app.inject({
        method: 'POST',
        url: base(expenseId),
        headers: { ...bearer(a.token), 'content-type': padded.contentType, 'transfer-encoding': 'chunked' },
        payload: Readable.from([padded.payload]),
      });
      expect(long.statusCode, long.body).toBe(413);
      expect(await stored()).toEqual(before);
    });

    it('at most 5 receipts per expense: the sixth is 409 RECEIPT_LIMIT_REACHED, and a removal makes room', async () => {
      const expenseId = await expenseIn();
      const made: ReceiptJson[] = [];
      for (let i = 0; i < 5; i++) made.push(await attach(a, expenseId, minimalPdf(), `p${i}.pdf`));
      expectRefused(await postReceipt(ctx.app, b, expenseId, fileUpload(minimalPdf(), 'six.pdf')), 409, {
        code: 'RECEIPT_LIMIT_REACHED',
        message: RECEIPT_LIMIT_REACHED,
      });
      expect(await receiptsOf(b, expenseId)).toHaveLength(5);
      expect((await remove(a, expenseId, (made[0] as ReceiptJson).id)).statusCode).toBe(200);
      await attach(b, expenseId, minimalPdf(), 'six.pdf');
      expect(await receiptsOf(b, expenseId)).toHaveLength(5);
    });

    it('uploads racing for the last places never make a sixth', async () => {
      const expenseId = await expenseIn();
      for (let i = 0; i < 3; i++) await attach(a, expenseId, minimalPdf(), `p${i}.pdf`);
      const uploads = await Promise.all(
        [a, b, c, a, b, c].map((who, i) =>
          postReceipt(ctx.app, who, expenseId, fileUpload(minimalPdf(), `race${i}.pdf`)),
        ),
      );
      const statuses = uploads.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
      expect(await receiptsOf(a, expenseId)).toHaveLength(5);
    });

    it('a request without a file, with an empty one or two files is a 400 on `file`; garbage is a 4xx, never a 500', async () => {
      const expenseId = await expenseIn();
      const missing = [
        multipart([{ name: 'note', data: 'no file here' }]),
        multipart([{ name: 'other', filename: 'x.pdf', contentType: 'application/pdf', data: minimalPdf() }]),
        multipart([{ name: 'file', data: 'just text' }]),
        fileUpload(Buffer.alloc(0), 'empty.jpg'),
        multipart([]),
      ];
      for (const body of missing) {
        const response = await postReceipt(ctx.app, a, expenseId, body);
        expect(response.statusCode, response.body).toBe(400);
        expect(expectContract(response, 'attachReceipt')).toEqual({
          code: 'VALIDATION_FAILED',
          message: 'Please choose a file',
          errors: [{ field: 'file', message: 'Please choose a file' }],
        });
      }
      const bare = await ctx.app.inject({ method: 'POST', url: base(expenseId), headers: bearer(a.token) });
      expect(bare.statusCode, bare.body).toBe(400);
      expect(bare.json().errors).toEqual([{ field: 'file', message: 'Please choose a file' }]);
      const two = await postReceipt(
        ctx.app,
        a,
        expenseId,
        multipart([
          { name: 'file', filename: 'a.pdf', data: minimalPdf() },
          { name: 'file', filename: 'b.pdf', data: minimalPdf() },
        ]),
      );
      expect(two.statusCode, two.body).toBe(400);
      expect(two.json().errors).toEqual([{ field: 'file', message: 'Attach one file at a time.' }]);

      const garbage: [string, Buffer | string][] = [
        ['multipart/form-data', 'anything'],
        ['multipart/form-data; boundary=x', 'no boundary at all'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
        ],
        ['multipart/form-data; boundary=x', Buffer.from([0xff, 0xfe, 0x00, 0x01])],
        ['multipart/form-data; boundary=x', `--x\r\n${'X-Header: y\r\n'.repeat(100)}\r\n\r\nz\r\n--x--`],
        ['application/json', '{"file":"AAAA"}'],
        ['text/plain', 'hello'],
        ['image/jpeg', 'raw bytes'],
      ];
      for (const [contentType, payload] of garbage) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: base(expenseId),
          headers: { ...bearer(a.token), 'content-type': contentType },
          payload,
        });
        expect(
          response.statusCode,
          `${contentType} ${String(payload).slice(0, 40)}: ${response.body}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      }
      expect(await receiptsOf(a, expenseId)).toEqual([]);
    });

    it('every other route still takes JSON only: multipart there is a 415', async () => {
      const body = fileUpload(minimalPdf(), 'a.pdf');
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: { ...bearer(a.token), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('keeps a clean name: no folders, no control characters, "receipt" when none', async () => {
      const expenseId = await expenseIn();
      const named = async (filename: string) => (await attach(a, expenseId, minimalPdf(), filename)).filename;
      expect(await named('C:\\fakepath\\bill.pdf')).toBe('bill.pdf');
      expect(await named('bill\u202Efdp.exe')).toBe('billfdp.exe');
      expect(await named('')).toBe('receipt');
      expect(await named('Účtenka – kavárna.pdf')).toBe('Účtenka – kavárna.pdf');
    });

    it('only who attached a receipt removes it: 403 FORBIDDEN_NOT_AUTHOR for anyone else, 404 the second time', async () => {
      const expenseId = await expenseIn();
      const mine = await attach(b, expenseId, await pngOf());
      const before = await stored();
      for (const other of [a, c]) {
        const refused = await remove(other, expenseId, mine.id);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(expectContract(refused, 'deleteReceipt')).toEqual({
          code: 'FORBIDDEN_NOT_AUTHOR',
          message: RECEIPT_UPLOADER_ONLY,
        });
      }
      expect(await stored()).toEqual(before);
      const removed = await remove(b, expenseId, mine.id);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(expectContract(removed, 'deleteReceipt')).toEqual({ message: 'Receipt removed' });
      expect(await receiptsOf(a, expenseId)).toEqual([]);
      // Its file and thumbnail went with it.
      expect((await stored()).some((r) => r.id === mine.id)).toBe(false);
      expectNotFound(await remove(b, expenseId, mine.id));
      expectNotFound(await fileOf(b, expenseId, mine.id));
      expectNotFound(await thumbOf(b, expenseId, mine.id));
    });

    it("strangers, another group's people, a receipt of another expense and malformed ids: 404, nothing learnt", async () => {
      const expenseId = await expenseIn();
      const other = await expenseIn(7);
      const made = await attach(a, expenseId, await pngOf());
      const stranger = await registerUser(ctx.app);
      const elsewhere = (await groupOf(ctx.app, 2)).people[1] as Person;
      const before = await stored();
      for (const outsider of [stranger, elsewhere]) {
        expectNotFound(await list(outsider, expenseId));
        expectNotFound(await fileOf(outsider, expenseId, made.id));
        expectNotFound(await thumbOf(outsider, expenseId, made.id));
        expectNotFound(await remove(outsider, expenseId, made.id));
        expectNotFound(await postReceipt(ctx.app, outsider, expenseId, fileUpload(await pngOf(), 'x.png')));
      }
      expectNotFound(await fileOf(a, other, made.id));
      expectNotFound(await thumbOf(a, other, made.id));
      expectNotFound(await remove(a, other, made.id));
      expectNotFound(await fileOf(a, expenseId, 'not-an-id'));
      expectNotFound(await fileOf(a, expenseId, '00000000-0000-7000-8000-000000000000'));
      expectNotFound(await list(a, 'not-an-id'));
      expectNotFound(await postReceipt(ctx.app, a, 'not-an-id', fileUpload(await pngOf(), 'x.png')));
      expect(await stored()).toEqual(before);
      // Without a token: 401, whatever the address.
      const anonymous = await ctx.app.inject({ method: 'GET', url: base(expenseId, `/${made.id}`) });
      expect(anonymous.statusCode).toBe(401);
    });

    it("a deleted expense's receipts are gone, their files removed from the database: 404 to list, open, attach or remove", async () => {
      const expenseId = await expenseIn(3);
      const made = await attach(b, expenseId, await pngOf());
      const bytesOf = async () =>
        (
          await ctx.db.query<{ files: number; receipts: number }>(
            `SELECT (SELECT count(*)::int FROM expense_receipt_files WHERE receipt_id = $1) AS files,
                    (SELECT count(*)::int FROM expense_receipts WHERE expense_id = $2) AS receipts`,
            [made.id, expenseId],
          )
        ).rows[0];
      expect(await bytesOf()).toEqual({ files: 2, receipts: 1 });
      expect((await deleteExpense(ctx.app, a, expenseId)).statusCode).toBe(200);
      // Removed with the expense, in its transaction: no file stays behind that nobody can open.
      expect(await bytesOf()).toEqual({ files: 0, receipts: 0 });
      expectNotFound(await list(b, expenseId));
      expectNotFound(await fileOf(b, expenseId, made.id));
      expectNotFound(await thumbOf(b, expenseId, made.id));
      expectNotFound(await remove(b, expenseId, made.id));
      expectNotFound(await postReceipt(ctx.app, b, expenseId, fileUpload(minimalPdf(), 'late.pdf')));
    });

    it('a former member who still sees an expense they paid reads its receipts but no longer attaches or removes: 403', async () => {
      const made = await groupOf(ctx.app, 2);
      const [owner, leaver] = made.people as [Person, Person];
      const theirs = (
        await createExpense(ctx.app, leaver, expenseBody(leaver.user.id, [], { group_id: made.group.id }))
      ).id as string;
      const own = await attach(leaver, theirs, await pngOf(), 'mine.png');
      await attach(owner, theirs, minimalPdf(), 'theirs.pdf');
      const left = await ctx.app.inject({
        method: 'POST',
        url: `/api/groups/${made.group.id}/leave`,
        headers: bearer(leaver.token),
      });
      expect(left.statusCode, left.body).toBe(200);
      expect((await receiptsOf(leaver, theirs)).map((r) => r.filename)).toEqual(['mine.png', 'theirs.pdf']);
      expect((await fileOf(leaver, theirs, own.id)).statusCode).toBe(200);
      expect((await thumbOf(leaver, theirs, own.id)).statusCode).toBe(200);
      const before = await stored();
      for (const response of [
        await postReceipt(ctx.app, leaver, theirs, fileUpload(minimalPdf(), 'again.pdf')),
        await remove(leaver, theirs, own.id),
      ]) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toEqual({ code: 'FORBIDDEN_NOT_MEMBER', message: RECEIPT_MEMBERS_ONLY });
      }
      expect(await stored()).toEqual(before);
    });

    it('a personal expense: its payer and participants attach and open, nobody else', async () => {
      const payer = await registerUser(ctx.app);
      const friend = await registerUser(ctx.app);
      const stranger = await registerUser(ctx.app);
      const personal = (await createExpense(ctx.app, payer, expenseBody(payer.user.id, [friend.user.id]))).id;
      const made = await attach(friend, personal, await jpegOf(10, 10));
      expect((await fileOf(payer, personal, made.id)).statusCode).toBe(200);
      expectNotFound(await fileOf(stranger, personal, made.id));
      expectNotFound(await postReceipt(ctx.app, stranger, personal, fileUpload(minimalPdf(), 'x.pdf')));
    });

    it('Idempotency-Key: a repeat with the same file answers the same receipt and keeps one; another file under the key is 422', async () => {
      const expenseId = await expenseIn();
      const headers = { 'idempotency-key': `receipt-${Date.now()}` };
      const bytes = await pngOf(12, 12);
      const once = await postReceipt(ctx.app, a, expenseId, fileUpload(bytes, 'one.png'), headers);
      const again = await postReceipt(ctx.app, a, expenseId, fileUpload(bytes, 'one.png'), headers);
      expect(once.statusCode, once.body).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(once.body);
      expect(await receiptsOf(a, expenseId)).toHaveLength(1);
      const other = await postReceipt(
        ctx.app,
        a,
        expenseId,
        fileUpload(await pngOf(13, 12), 'one.png'),
        headers,
      );
      expect(other.statusCode, other.body).toBe(422);
      expect(await receiptsOf(a, expenseId)).toHaveLength(1);
    });

    it('attaching and removing count against the writes allowance like every other change', async () => {
      const expenseId = await expenseIn();
      const app = await ctx.buildApp({ ...GENEROUS, RATE_LIMIT_WRITES: '2/1m' });
      const send = () => postReceipt(app, c, expenseId, fileUpload(minimalPdf(), 'r.pdf'));
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      expectTooMany(await send(), 'attachReceipt', 60);
      expect(await receiptsOf(a, expenseId)).toHaveLength(2);
    });
  });
}

// A real, valid PNG whose pixels would take 400 MB: 1-bit rows of zeros, deflated to a few kilobytes.
function bombPng(width: number, height: number): Buffer {
  const { deflateSync, crc32 } = zlib;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG with a comment segment (COM) right after its start, as some cameras and editors write one. */
function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, jpeg.subarray(2)]);
}

/** Red or blue, as a lossy encoding leaves them; anything else by its numbers. */
function colour([r, g, b]: number[]): string {
  if ((r as number) > 200 && (g as number) < 60 && (b as number) < 60) return 'red';
  if ((b as number) > 200 && (r as number) < 60 && (g as number) < 60) return 'blue';
  return `rgb(${r}, ${g}, ${b})`;
}
