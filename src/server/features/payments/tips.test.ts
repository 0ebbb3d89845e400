import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamDetail } from '../../../shared/live/streams.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
} from '@solana/kit';
import { getAddMemoInstruction, LEGACY_MEMO_PROGRAM_ADDRESS_V3 } from '@solana-program/memo';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  CHAIN_UNAVAILABLE,
  PAYMENT_FAILURES,
  TIP_LINK_WALLET,
  TIP_NO_WALLET,
  TIP_YOURSELF,
  tipWrongWallet,
  type Payment,
} from '../../../shared/payments/payments.js';
import { buildTransferTransaction, readTransaction } from '../../../shared/payments/solana-tx.js';
import { eq } from 'drizzle-orm';
import { suspendedMessage } from '../../../shared/moderation/moderation.js';
import { sanctions } from '../../platform/db/schema/index.js';
import { Client, createTestApp, verifiedClient, waitUntil, type TestApp } from '../../test-support/app.js';
import { startLocalChain, type LocalChain } from '../../test-support/local-chain.js';
import { TestWallet } from '../../test-support/wallet.js';

let t: TestApp;
let chain: LocalChain;
let n = 0;
const SOL = 1_000_000_000n;

beforeAll(async () => {
  chain = await startLocalChain();
  t = await createTestApp({ SOLANA_RPC_URL: chain.url, SOLANA_CLUSTER: 'localnet' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await chain.close();
});

/** A creator with a linked wallet, and a fan whose linked wallet (their Phantom) holds some SOL. */
async function people() {
  const i = ++n;
  const creator = await verifiedClient(t.app, `tipped_${i}`);
  const creatorWallet = new TestWallet(t.app);
  expect((await creator.post('/api/auth/verify-wallet', await creatorWallet.linkProof(creator))).statusCode).toBe(200);
  const fan = await verifiedClient(t.app, `tipper_${i}`);
  const fanWallet = new TestWallet(t.app);
  expect((await fan.post('/api/auth/verify-wallet', await fanWallet.linkProof(fan))).statusCode).toBe(200);
  chain.airdrop(fanWallet.address, 5n * SOL);
  return { creator, creatorWallet, creatorName: `tipped_${i}`, fan, fanWallet };
}

/** What Phantom does with the tip the server opened: build, sign and send the transfer; the signature comes back. */
async function payFromPhantom(
  fan: Client,
  wallet: TestWallet,
  tip: Payment,
  over: Partial<{ to: string; lamports: bigint; memo: string; skipPreflight: boolean }> = {},
) {
  const { blockhash, lastValidBlockHeight } = (await fan.get('/api/chain/blockhash')).json();
  const wire = buildTransferTransaction({
    from: wallet.address,
    to: over.to ?? tip.payeeWallet,
    lamports: over.lamports ?? BigInt(Math.round(Number(tip.amountSol) * 1e9)),
    memo: over.memo ?? tip.memo,
    blockhash,
    lastValidBlockHeight: BigInt(lastValidBlockHeight),
  });
  return chain.send(chain.sign(wire, wallet.secretKey), { skipPreflight: over.skipPreflight });
}

const settle = (c: Client, id: string) =>
  waitUntil(
    'the payment to settle',
    async () => (await c.get(`/api/payments/${id}`)).json() as Payment,
    (p) => p.status === 'finalized' || p.status === 'failed',
  );

describe('tips', () => {
  it('a good tip is verified on chain, recorded once, and the creator is told in the bell', async () => {
    const { creator, creatorWallet, creatorName, fan, fanWallet } = await people();
    const open = await fan.post('/api/tips', { to: creatorName, amountSol: '0.25', message: 'gm from the chart room', fromWallet: fanWallet.address });
    expect(open.statusCode).toBe(201);
    const tip = open.json() as Payment;
    expect(tip).toMatchObject({ kind: 'tip', status: 'created', amountSol: '0.25', payeeWallet: creatorWallet.address, memo: `glint:${tip.id}` });
    const before = chain.balance(creatorWallet.address);
    const signature = await payFromPhantom(fan, fanWallet, tip);
    const sent = await fan.post(`/api/payments/${tip.id}/signature`, { signature });
    expect(sent.statusCode).toBe(202);
    expect(await settle(fan, tip.id)).toMatchObject({ status: 'finalized', signature, failure: null });
    expect(chain.balance(creatorWallet.address) - before).toBe(SOL / 4n);
    const bell = await waitUntil(
      'the creator to be told',
      async () => (await creator.get('/api/notifications')).json().notifications as { type: string; title: string; message: string }[],
      (list) => list.some((x) => x.type === 'donation'),
    );
    expect(bell.find((x) => x.type === 'donation')).toMatchObject({ title: 'New tip', message: expect.stringContaining('0.25 SOL') });
    // The creator sees the tip among theirs; a stranger cannot see it at all.
    expect((await creator.get(`/api/payments/${tip.id}`)).json()).toMatchObject({ status: 'finalized', message: 'gm from the chart room' });
    const stranger = await verifiedClient(t.app, `stranger_${n}`);
    expect((await stranger.get(`/api/payments/${tip.id}`)).statusCode).toBe(404);
    // The same signature cannot pay another tip.
    const again = (await fan.post('/api/tips', { to: creatorName, amountSol: '0.25', fromWallet: fanWallet.address })).json() as Payment;
    const replay = await fan.post(`/api/payments/${again.id}/signature`, { signature });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(PAYMENT_FAILURES.usedSignature);
  }, 60_000);

  it('refuses a wrong recipient, a short amount and a memo for another tip, each with its reason', async () => {
    const { creatorName, fan, fanWallet } = await people();
    const open = async () => (await fan.post('/api/tips', { to: creatorName, amountSol: '0.1', fromWallet: fanWallet.address })).json() as Payment;
    const cases: [Partial<{ to: string; lamports: bigint; memo: string }>, string][] = [
      [{ to: new TestWallet().address }, PAYMENT_FAILURES.wrongRecipient],
      [{ lamports: SOL / 20n }, PAYMENT_FAILURES.wrongAmount],
      [{ memo: 'glint:00000000-0000-4000-8000-000000000000' }, PAYMENT_FAILURES.wrongMemo],
    ];
    for (const [over, reason] of cases) {
      const tip = await open();
      const signature = await payFromPhantom(fan, fanWallet, tip, over);
      await fan.post(`/api/payments/${tip.id}/signature`, { signature });
      expect(await settle(fan, tip.id)).toMatchObject({ status: 'failed', failure: reason });
    }
  }, 60_000);

  it('reports a transaction that failed on chain', async () => {
    const { creatorName, fan, fanWallet } = await people();
    const tip = (await fan.post('/api/tips', { to: creatorName, amountSol: '50', fromWallet: fanWallet.address })).json() as Payment;
    const signature = await payFromPhantom(fan, fanWallet, tip, { skipPreflight: true });
    await fan.post(`/api/payments/${tip.id}/signature`, { signature });
    expect(await settle(fan, tip.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.failedOnChain });
  }, 60_000);

  it('waits at confirmed until the transaction is finalized', async () => {
    const { creator, creatorName, fan, fanWallet } = await people();
    chain.holdFinality = true;
    try {
      const tip = (await fan.post('/api/tips', { to: creatorName, amountSol: '0.01', fromWallet: fanWallet.address })).json() as Payment;
      await fan.post(`/api/payments/${tip.id}/signature`, { signature: await payFromPhantom(fan, fanWallet, tip) });
      await waitUntil(
        'confirmed',
        async () => (await fan.get(`/api/payments/${tip.id}`)).json() as Payment,
        (p) => p.status === 'confirmed',
      );
      // Not counted yet: the creator has no notification.
      expect((await creator.get('/api/notifications')).json().notifications).toEqual([]);
      chain.finalize();
      expect(await settle(fan, tip.id)).toMatchObject({ status: 'finalized' });
    } finally {
      chain.holdFinality = false;
    }
  }, 60_000);

  it('cannot be opened to a creator without a wallet, to yourself, or by a guest; only the payer reports a signature', async () => {
    const { creatorName, fan, fanWallet } = await people();
    const plain = await verifiedClient(t.app, `nowallet_${n}`);
    expect((await fan.get(`/api/tips/recipient/nowallet_${n}`)).json()).toMatchObject({ canTip: false, reason: TIP_NO_WALLET });
    const noWallet = await fan.post('/api/tips', { to: `nowallet_${n}`, amountSol: '0.1', fromWallet: fanWallet.address });
    expect(noWallet.statusCode).toBe(409);
    expect(noWallet.json().message).toBe(TIP_NO_WALLET);
    expect((await plain.get(`/api/tips/recipient/nowallet_${n}`)).json()).toMatchObject({ canTip: false, reason: TIP_YOURSELF });
    expect((await new Client(t.app).post('/api/tips', { to: creatorName, amountSol: '0.1', fromWallet: fanWallet.address })).statusCode).toBe(401);
    for (const bad of [
      { amountSol: '0' },
      { amountSol: '-1' },
      { amountSol: '0.0000000001' },
      { amountSol: 'lots' },
      { fromWallet: '../etc' },
      { message: 'x'.repeat(201) },
    ]) {
      expect((await fan.post('/api/tips', { to: creatorName, amountSol: '0.1', fromWallet: fanWallet.address, ...bad })).statusCode).toBe(400);
    }
    const tip = (await fan.post('/api/tips', { to: creatorName, amountSol: '0.1', fromWallet: fanWallet.address })).json() as Payment;
    const signature = await payFromPhantom(fan, fanWallet, tip);
    // Someone else cannot attach a transaction to this tip.
    expect((await plain.post(`/api/payments/${tip.id}/signature`, { signature })).statusCode).toBe(404);
    expect((await fan.post(`/api/payments/${tip.id}/signature`, { signature: 'not a signature' })).statusCode).toBe(400);
  }, 60_000);

  it('on a live stream, appears in its chat highlighted; content of another creator is refused', async () => {
    const { creator, creatorName, fan, fanWallet } = await people();
    const stream = (await creator.post('/api/streams', { title: 'Tips welcome', category: 'Trading' })).json() as StreamDetail;
    const other = await verifiedClient(t.app, `other_${n}`);
    const foreign = (await other.post('/api/streams', { title: 'Not theirs', category: 'Trading' })).json() as StreamDetail;
    const wrong = await fan.post('/api/tips', {
      to: creatorName,
      amountSol: '0.1',
      fromWallet: fanWallet.address,
      content: { type: 'livestream', id: foreign.id },
    });
    expect(wrong.statusCode).toBe(400);
    // Live without media is enough for chat (the ingest path has its own tests).
    await t.database.executeSql(`update livestreams set status = 'live', started_at = now() where id = $1`, [stream.id]);
    const tip = (
      await fan.post('/api/tips', {
        to: creatorName,
        amountSol: '1.5',
        message: 'to the moon',
        fromWallet: fanWallet.address,
        content: { type: 'livestream', id: stream.id },
      })
    ).json() as Payment;
    await fan.post(`/api/payments/${tip.id}/signature`, { signature: await payFromPhantom(fan, fanWallet, tip) });
    await settle(fan, tip.id);
    const chat = (await fan.get(`/api/streams/${stream.id}/chat`)).json().messages;
    expect(chat).toEqual([expect.objectContaining({ body: 'to the moon', tipSol: '1.5', author: expect.objectContaining({ username: `tipper_${n}` }) })]);
  }, 60_000);

  it('a suspended account cannot put words in a live chat with a tip: refused when opened, left out when suspended before it settles', async () => {
    const { creator, creatorName, fan, fanWallet } = await people();
    const fanId = (await fan.get('/api/me')).json().user.id as string;
    const stream = (await creator.post('/api/streams', { title: 'Tips while suspended', category: 'Trading' })).json() as StreamDetail;
    await t.database.executeSql(`update livestreams set status = 'live', started_at = now() where id = $1`, [stream.id]);
    const open = (message: string) =>
      fan.post('/api/tips', { to: creatorName, amountSol: '0.1', message, fromWallet: fanWallet.address, content: { type: 'livestream', id: stream.id } });

    // Opened in good standing, with a message; suspended before the transfer settles.
    const tip = (await open('claim your airdrop at evil.example')).json() as Payment;
    const until = new Date(Date.now() + 86_400_000);
    await t.database.db.insert(sanctions).values({ userId: fanId, kind: 'suspension', until });
    await fan.post(`/api/payments/${tip.id}/signature`, { signature: await payFromPhantom(fan, fanWallet, tip) });
    expect(await settle(fan, tip.id)).toMatchObject({ status: 'finalized' });
    const chat = (await fan.get(`/api/streams/${stream.id}/chat`)).json().messages;
    expect(chat).toEqual([expect.objectContaining({ body: '', tipSol: '0.1' })]);

    // While suspended, a tip with a message is refused with the suspension's words.
    const refused = await open('gm again');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_suspended', message: suspendedMessage(until.toISOString()) });
    await t.database.db.delete(sanctions).where(eq(sanctions.userId, fanId));
  }, 60_000);

  it('a signature reported first for another tip reserves nothing: the real tip’s report is accepted and it verifies', async () => {
    const { creator, creatorName, fan, fanWallet } = await people();
    const tip = (await fan.post('/api/tips', { to: creatorName, amountSol: '0.03', fromWallet: fanWallet.address })).json() as Payment;
    const signature = await payFromPhantom(fan, fanWallet, tip);
    // Someone who saw the transaction reports it first, on a tip of their own.
    const attacker = await people();
    const decoy = (
      await attacker.fan.post('/api/tips', { to: attacker.creatorName, amountSol: '0.03', fromWallet: attacker.fanWallet.address })
    ).json() as Payment;
    expect((await attacker.fan.post(`/api/payments/${decoy.id}/signature`, { signature })).statusCode).toBe(202);
    expect(await settle(attacker.fan, decoy.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.wrongMemo });
    // The fan's own report is accepted, and the tip counts.
    const sent = await fan.post(`/api/payments/${tip.id}/signature`, { signature });
    expect(sent.statusCode).toBe(202);
    expect(await settle(fan, tip.id)).toMatchObject({ status: 'finalized', signature, failure: null });
    await waitUntil(
      'the creator to be told',
      async () => (await creator.get('/api/notifications')).json().notifications as { type: string }[],
      (list) => list.some((x) => x.type === 'donation'),
    );
    // Verified, it is the fan's: nobody can report it again.
    const again = (
      await attacker.fan.post('/api/tips', { to: attacker.creatorName, amountSol: '0.03', fromWallet: attacker.fanWallet.address })
    ).json() as Payment;
    const replay = await attacker.fan.post(`/api/payments/${again.id}/signature`, { signature });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(PAYMENT_FAILURES.usedSignature);
  }, 60_000);

  it('a signature reported for another tip before the transaction lands does not keep the real tip from verifying', async () => {
    const { creatorName, fan, fanWallet } = await people();
    const tip = (await fan.post('/api/tips', { to: creatorName, amountSol: '0.04', fromWallet: fanWallet.address })).json() as Payment;
    const { blockhash, lastValidBlockHeight } = (await fan.get('/api/chain/blockhash')).json();
    const signed = chain.sign(
      buildTransferTransaction({
        from: fanWallet.address,
        to: tip.payeeWallet,
        lamports: SOL / 25n,
        memo: tip.memo,
        blockhash,
        lastValidBlockHeight: BigInt(lastValidBlockHeight),
      }),
      fanWallet.secretKey,
    );
    const signature = readTransaction(signed).signature!;
    // Seen on its way, reported on someone else's tip while the chain has not got it yet.
    const attacker = await people();
    const decoy = (
      await attacker.fan.post('/api/tips', { to: attacker.creatorName, amountSol: '0.04', fromWallet: attacker.fanWallet.address })
    ).json() as Payment;
    expect((await attacker.fan.post(`/api/payments/${decoy.id}/signature`, { signature })).statusCode).toBe(202);
    expect((await attacker.fan.get(`/api/payments/${decoy.id}`)).json()).toMatchObject({ status: 'pending', signature });
    const sent = await fan.post(`/api/payments/${tip.id}/signature`, { signature });
    expect(sent.statusCode).toBe(202);
    chain.send(signed);
    expect(await settle(fan, tip.id)).toMatchObject({ status: 'finalized', signature });
    expect(await settle(attacker.fan, decoy.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.wrongMemo });
  }, 60_000);

  it('a transaction reported on the wrong tip is attached to the tip its memo names, which then verifies', async () => {
    const { creatorName, fan, fanWallet } = await people();
    const tip = (await fan.post('/api/tips', { to: creatorName, amountSol: '0.02', fromWallet: fanWallet.address })).json() as Payment;
    const signature = await payFromPhantom(fan, fanWallet, tip);
    const attacker = await people();
    const decoy = (
      await attacker.fan.post('/api/tips', { to: attacker.creatorName, amountSol: '0.02', fromWallet: attacker.fanWallet.address })
    ).json() as Payment;
    await attacker.fan.post(`/api/payments/${decoy.id}/signature`, { signature });
    // The fan never got to report it (a closed tab): the tip is verified all the same.
    expect(await settle(fan, tip.id)).toMatchObject({ status: 'finalized', signature });
    expect(await settle(attacker.fan, decoy.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.wrongMemo });
    // The fan's late report finds it done.
    expect((await fan.post(`/api/payments/${tip.id}/signature`, { signature })).statusCode).toBe(202);
  }, 60_000);

  it('is paid from the tipper’s linked wallet: none linked, or someone else’s named, is refused', async () => {
    const { creatorName, fanWallet } = await people();
    const unlinked = await verifiedClient(t.app, `unlinked_${n}`);
    const none = await unlinked.post('/api/tips', { to: creatorName, amountSol: '0.1', fromWallet: new TestWallet().address });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(TIP_LINK_WALLET);
    // A tipper with a wallet of their own cannot name another's (the fan's) as the source.
    const other = await people();
    const named = await other.fan.post('/api/tips', { to: creatorName, amountSol: '0.1', fromWallet: fanWallet.address });
    expect(named.statusCode).toBe(409);
    expect(named.json().message).toBe(tipWrongWallet(other.fanWallet.address));
  }, 60_000);

  it('does not verify a transaction whose fee payer (signer) is another wallet', async () => {
    const { creatorName, fan, fanWallet } = await people();
    const tip = (await fan.post('/api/tips', { to: creatorName, amountSol: '0.05', fromWallet: fanWallet.address })).json() as Payment;
    const stranger = new TestWallet();
    chain.airdrop(stranger.address, SOL);
    const { blockhash, lastValidBlockHeight } = (await fan.get('/api/chain/blockhash')).json();
    // The transfer comes out of the fan's wallet, but the transaction is the stranger's.
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address(stranger.address), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: toBlockhash(blockhash), lastValidBlockHeight: BigInt(lastValidBlockHeight) }, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({ source: createNoopSigner(address(fanWallet.address)), destination: address(tip.payeeWallet), amount: SOL / 20n }),
            getAddMemoInstruction({ memo: tip.memo }, { programAddress: LEGACY_MEMO_PROGRAM_ADDRESS_V3 }),
          ],
          m,
        ),
    );
    const compiled = compileTransaction(message);
    const signatures = Object.fromEntries([stranger, fanWallet].map((w) => [w.address, ed25519.sign(new Uint8Array(compiled.messageBytes), w.secretKey)]));
    const wire = new Uint8Array(getTransactionEncoder().encode({ ...compiled, signatures } as unknown as Transaction));
    const signature = chain.send(wire);
    await fan.post(`/api/payments/${tip.id}/signature`, { signature });
    expect(await settle(fan, tip.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.wrongSender });
  }, 60_000);

  it('says the network cannot be reached when the cluster does not answer, rather than failing', async () => {
    const offline = await createTestApp({ SOLANA_RPC_URL: 'http://127.0.0.1:9', SOLANA_CLUSTER: 'localnet' });
    try {
      const c = await verifiedClient(offline.app, 'offline_1');
      const res = await c.get('/api/chain/blockhash');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(CHAIN_UNAVAILABLE);
    } finally {
      await offline.close();
    }
  });
});
