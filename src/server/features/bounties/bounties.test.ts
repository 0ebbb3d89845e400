import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOUNTY_ALREADY_PAID,
  BOUNTY_CANNOT_CANCEL,
  BOUNTY_NOT_CLAIMED,
  BOUNTY_PAYMENT_IN_FLIGHT,
  BOUNTY_PAYMENT_REPLACED,
  BOUNTY_POSTER_ONLY,
  CLAIM_DUPLICATE,
  CLAIM_NO_WALLET,
  CLAIM_NOT_YOURS,
  CLAIM_OWN_BOUNTY,
  CLAIMS_CLOSED,
  CLAIMS_TOO_MANY,
  OPEN_BOUNTIES_PER_POSTER,
  type BountyClaim,
  type BountyDetail,
  type ClaimableContent,
} from '../../../shared/bounties/bounties.js';
import type { BountyCard } from '../../../shared/bounties/bounty-card.js';
import type { StreamDetail } from '../../../shared/live/streams.js';
import { PAYMENT_FAILURES, type Payment } from '../../../shared/payments/payments.js';
import { buildTransferTransaction } from '../../../shared/payments/solana-tx.js';
import { Client, createTestApp, verifiedClient, waitUntil, type TestApp } from '../../test-support/app.js';
import { startLocalChain, type LocalChain } from '../../test-support/local-chain.js';
import { TestWallet } from '../../test-support/wallet.js';
import { EXPIRE_BOUNTIES_QUEUE } from './jobs.js';
import { expireBounties, markBountyPaid } from './service.js';
import { getPaymentRow } from '../payments/service.js';

let t: TestApp;
let chain: LocalChain;
let n = 0;
const SOL = 1_000_000_000n;
const DAY = 86_400_000;

beforeAll(async () => {
  chain = await startLocalChain();
  t = await createTestApp({ SOLANA_RPC_URL: chain.url, SOLANA_CLUSTER: 'localnet' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await chain.close();
});

const inDays = (d: number) => new Date(Date.now() + d * DAY).toISOString();

/** A poster whose Phantom holds some SOL, and a creator with a linked wallet and a ready short. */
async function people() {
  const i = ++n;
  const poster = await verifiedClient(t.app, `poster_${i}`);
  const posterWallet = new TestWallet(t.app);
  chain.airdrop(posterWallet.address, 10n * SOL);
  const creator = await verifiedClient(t.app, `maker_${i}`);
  const creatorWallet = new TestWallet(t.app);
  expect((await creator.post('/api/auth/verify-wallet', await creatorWallet.linkProof(creator))).statusCode).toBe(200);
  const shortId = await readyVideo(creator, 'short', `Impermanent loss in 60 s #${i}`);
  return { poster, posterWallet, creator, creatorWallet, shortId };
}

/** A video of the client's that is ready (processing has its own tests). */
async function readyVideo(c: Client, kind: 'long' | 'short', title: string) {
  const res = await c.post('/api/videos', { kind, title, category: 'Education' });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  await t.database.executeSql(`update videos set status = 'ready', published_at = now() where id = $1`, [id]);
  return id;
}

async function post(c: Client, over: Record<string, unknown> = {}) {
  const res = await c.post('/api/bounties', {
    title: 'Explain impermanent loss',
    description: 'A short that explains impermanent loss with a real example.',
    rewardSol: '0.5',
    deadline: inDays(7),
    category: 'Education',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BountyDetail;
}

const claim = (c: Client, bountyId: string, id: string, type = 'short_video', note = 'Here it is') =>
  c.post(`/api/bounties/${bountyId}/claims`, { content: { type, id }, note });

/** What Phantom does with the payment the server opened: build, sign and send the transfer. */
async function payFromPhantom(c: Client, wallet: TestWallet, p: Payment, over: Partial<{ to: string; lamports: bigint }> = {}) {
  const { blockhash, lastValidBlockHeight } = (await c.get('/api/chain/blockhash')).json();
  const wire = buildTransferTransaction({
    from: wallet.address,
    to: over.to ?? p.payeeWallet,
    lamports: over.lamports ?? BigInt(Math.round(Number(p.amountSol) * 1e9)),
    memo: p.memo,
    blockhash,
    lastValidBlockHeight: BigInt(lastValidBlockHeight),
  });
  return chain.send(chain.sign(wire, wallet.secretKey));
}

const settle = (c: Client, id: string) =>
  waitUntil(
    'the payment to settle',
    async () => (await c.get(`/api/payments/${id}`)).json() as Payment,
    (p) => p.status === 'finalized' || p.status === 'failed',
  );

const detail = async (c: Client, id: string) => (await c.get(`/api/bounties/${id}`)).json() as BountyDetail;
const bell = async (c: Client) =>
  (await c.get('/api/notifications')).json().notifications as { type: string; title: string; message: string; contentType: string; contentId: string }[];

/** A bounty with an approved claim of the creator's short. */
async function approved() {
  const p = await people();
  const bounty = await post(p.poster);
  const made = (await claim(p.creator, bounty.id, p.shortId)).json() as BountyClaim;
  const ok = await p.poster.post(`/api/bounties/${bounty.id}/claims/${made.id}/approve`);
  expect(ok.statusCode, ok.body).toBe(200);
  return { ...p, bounty, claim: made };
}

describe('posting', () => {
  it('a verified user posts a bounty; it is listed by status and category and has its own page', async () => {
    const { poster } = await people();
    const b = await post(poster, { rewardSol: '1.234567891', category: 'Market Analysis', title: 'Weekly SOL chart' });
    expect(b).toMatchObject({
      status: 'open',
      rewardSol: '1.234567891',
      category: 'market-analysis',
      claimsOpen: true,
      claims: [],
      viewer: { isPoster: true },
    });
    const list = (await new Client(t.app).get('/api/bounties?status=open&category=market-analysis')).json() as BountyCard[];
    expect(list.map((x) => x.id)).toContain(b.id);
    expect(((await new Client(t.app).get('/api/bounties?status=paid')).json() as BountyCard[]).map((x) => x.id)).not.toContain(b.id);
    expect((await new Client(t.app).get('/api/bounties?status=nope')).statusCode).toBe(400);
    const guest = await detail(new Client(t.app), b.id);
    expect(guest).toMatchObject({ id: b.id, viewer: { isPoster: false }, payment: null });
    expect((await new Client(t.app).get('/api/bounties/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses guests, unverified accounts and bad input', async () => {
    const { poster } = await people();
    const good = { title: 'T', description: 'Long enough description', rewardSol: '0.5', deadline: inDays(3), category: 'Education' };
    expect((await new Client(t.app).post('/api/bounties', good)).statusCode).toBe(401);
    const unverified = new Client(t.app);
    await unverified.post('/api/auth/sign-up/email', { email: `unv_${n}@example.com`, username: `unv_${n}`, name: '', password: 'Str0ng!Passw0rd' });
    expect((await unverified.post('/api/bounties', good)).statusCode).toBe(403);
    for (const bad of [
      { rewardSol: '0' },
      { rewardSol: '0.001' },
      { rewardSol: '1000.000000001' },
      { rewardSol: '1e3' },
      { rewardSol: '0.0000000001' },
      { deadline: inDays(-1) },
      { deadline: new Date(Date.now() + 10 * 60_000).toISOString() },
      { deadline: inDays(91) },
      { deadline: 'tomorrow' },
      { category: 'Beanie Babies' },
      { title: '' },
      { title: 'x'.repeat(101) },
      { description: 'short' },
    ]) {
      const res = await poster.post('/api/bounties', { ...good, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await poster.post('/api/bounties', good)).statusCode).toBe(201);
  });
});

describe('claims', () => {
  it('a creator claims with their own ready content; the poster is told and sees it, others see only their own', async () => {
    const { poster, creator, shortId } = await people();
    const b = await post(poster);
    const picker = (await creator.get(`/api/bounties/${b.id}/claimable`)).json() as ClaimableContent[];
    expect(picker).toEqual([expect.objectContaining({ id: shortId, type: 'short_video', claimed: false })]);
    const res = await claim(creator, b.id, shortId, 'short_video', 'Made for this');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      note: 'Made for this',
      claimantHasWallet: true,
      content: { id: shortId, title: expect.any(String) },
    });
    expect(((await creator.get(`/api/bounties/${b.id}/claimable`)).json() as ClaimableContent[])[0]!.claimed).toBe(true);
    // One claim per content.
    const again = await claim(creator, b.id, shortId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CLAIM_DUPLICATE);
    const told = await waitUntil(
      'the poster to be told',
      () => bell(poster),
      (l) => l.some((x) => x.type === 'bounty_claim'),
    );
    expect(told.find((x) => x.type === 'bounty_claim')).toMatchObject({ title: 'Bounty claimed', contentType: 'bounty', contentId: b.id });
    // The poster sees every claim; a stranger none (nothing approved yet); the claimant their own.
    const other = await verifiedClient(t.app, `other_${n}`);
    const otherWallet = new TestWallet(t.app);
    await other.post('/api/auth/verify-wallet', await otherWallet.linkProof(other));
    const otherShort = await readyVideo(other, 'short', 'Another take');
    expect((await claim(other, b.id, otherShort)).statusCode).toBe(201);
    expect((await detail(poster, b.id)).claims).toHaveLength(2);
    expect((await detail(creator, b.id)).claims.map((c) => c.content.id)).toEqual([shortId]);
    expect((await detail(new Client(t.app), b.id)).claims).toEqual([]);
    expect((await detail(new Client(t.app), b.id)).claimCount).toBe(2);
  });

  it('claiming someone else’s content, a draft, the wrong kind or a scheduled stream is refused', async () => {
    const { poster, creator, shortId } = await people();
    const b = await post(poster);
    const thief = await verifiedClient(t.app, `thief_${n}`);
    await thief.post('/api/auth/verify-wallet', await new TestWallet(t.app).linkProof(thief));
    const stolen = await claim(thief, b.id, shortId);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(CLAIM_NOT_YOURS);
    expect((await claim(creator, b.id, shortId, 'glint_video')).statusCode).toBe(400);
    const draft = (await creator.post('/api/videos', { kind: 'long', title: 'Not ready', category: 'Education' })).json().id as string;
    expect((await claim(creator, b.id, draft, 'glint_video')).statusCode).toBe(400);
    const stream = (await creator.post('/api/streams', { title: 'Later', category: 'Education' })).json() as StreamDetail;
    expect((await claim(creator, b.id, stream.id, 'livestream')).statusCode).toBe(400);
    // Once the stream has been live, it can claim.
    await t.database.executeSql(`update livestreams set status = 'ended', started_at = now(), ended_at = now() where id = $1`, [stream.id]);
    expect((await claim(creator, b.id, stream.id, 'livestream')).statusCode).toBe(201);
    // Not a guest, not bad input.
    expect((await claim(new Client(t.app), b.id, shortId)).statusCode).toBe(401);
    expect((await creator.post(`/api/bounties/${b.id}/claims`, { content: { type: 'short_video', id: '../x' } })).statusCode).toBe(400);
    expect((await creator.post(`/api/bounties/${b.id}/claims`, { content: { type: 'profile', id: shortId } })).statusCode).toBe(400);
    expect((await claim(creator, b.id, shortId, 'short_video', 'x'.repeat(501))).statusCode).toBe(400);
  });

  it('the poster cannot claim their own bounty; a creator without a wallet is told how to link one; none after the deadline', async () => {
    const { poster, creator, shortId } = await people();
    const b = await post(poster);
    const ownShort = await readyVideo(poster, 'short', 'My own take');
    const own = await claim(poster, b.id, ownShort);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(CLAIM_OWN_BOUNTY);
    const walletless = await verifiedClient(t.app, `walletless_${n}`);
    const theirs = await readyVideo(walletless, 'short', 'No wallet');
    const noWallet = await claim(walletless, b.id, theirs);
    expect(noWallet.statusCode).toBe(409);
    expect(noWallet.json().message).toBe(CLAIM_NO_WALLET);
    await t.database.executeSql(`update bounties set deadline = now() - interval '1 minute' where id = $1`, [b.id]);
    const late = await claim(creator, b.id, shortId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CLAIMS_CLOSED);
  });
});

describe('approving and paying', () => {
  it('the poster approves one claim (the others are turned down), pays it on chain, and the bounty is paid once', async () => {
    const { poster, posterWallet, creator, creatorWallet, shortId } = await people();
    const b = await post(poster, { rewardSol: '0.75' });
    const mine = (await claim(creator, b.id, shortId)).json() as BountyClaim;
    const rival = await verifiedClient(t.app, `rival_${n}`);
    await rival.post('/api/auth/verify-wallet', await new TestWallet(t.app).linkProof(rival));
    const theirs = (await claim(rival, b.id, await readyVideo(rival, 'long', 'Rival video'), 'glint_video')).json() as BountyClaim;

    // Paying before approving is refused.
    const early = await poster.post(`/api/bounties/${b.id}/payment`, { fromWallet: posterWallet.address });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BOUNTY_NOT_CLAIMED);

    const ok = await poster.post(`/api/bounties/${b.id}/claims/${mine.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = ok.json() as BountyDetail;
    expect(after).toMatchObject({ status: 'claimed', approvedClaimId: mine.id, claimsOpen: false });
    expect(after.claims.map((c) => [c.id, c.status])).toEqual([
      [mine.id, 'approved'],
      [theirs.id, 'rejected'],
    ]);
    // Everyone now sees the approved claim; the rival also their own, turned down.
    expect((await detail(new Client(t.app), b.id)).claims.map((c) => c.id)).toEqual([mine.id]);
    expect((await detail(rival, b.id)).claims.map((c) => c.status)).toEqual(['approved', 'rejected']);
    await waitUntil(
      'the claimant to be told',
      () => bell(creator),
      (l) => l.some((x) => x.title === 'Claim approved'),
    );
    // Cancelling is no longer possible.
    const cancel = await poster.post(`/api/bounties/${b.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(BOUNTY_CANNOT_CANCEL);

    const open = await poster.post(`/api/bounties/${b.id}/payment`, { fromWallet: posterWallet.address });
    expect(open.statusCode, open.body).toBe(201);
    const payment = open.json() as Payment;
    expect(payment).toMatchObject({ kind: 'bounty', status: 'created', amountSol: '0.75', payeeWallet: creatorWallet.address, bountyId: b.id });
    const before = chain.balance(creatorWallet.address);
    const signature = await payFromPhantom(poster, posterWallet, payment);
    expect((await poster.post(`/api/payments/${payment.id}/signature`, { signature })).statusCode).toBe(202);
    expect(await settle(poster, payment.id)).toMatchObject({ status: 'finalized', signature });
    expect(chain.balance(creatorWallet.address) - before).toBe((SOL * 3n) / 4n);

    const paid = await waitUntil(
      'the bounty to be paid',
      () => detail(poster, b.id),
      (d) => d.status === 'paid',
    );
    expect(paid.paidAt).not.toBeNull();
    expect(paid.payment).toMatchObject({ id: payment.id, status: 'finalized' });
    expect((await detail(creator, b.id)).payment).toMatchObject({ id: payment.id, status: 'finalized' });
    expect((await detail(rival, b.id)).payment).toBeNull();
    const told = await waitUntil(
      'the claimant to be paid',
      () => bell(creator),
      (l) => l.some((x) => x.title === 'Bounty paid'),
    );
    expect(told.find((x) => x.title === 'Bounty paid')).toMatchObject({
      type: 'bounty_claim',
      contentType: 'bounty',
      contentId: b.id,
      message: expect.stringContaining('0.75 SOL'),
    });

    // Double pay: no second intent for a paid bounty, and a finalized payment marks it only once.
    const second = await poster.post(`/api/bounties/${b.id}/payment`, { fromWallet: posterWallet.address });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(BOUNTY_ALREADY_PAID);
    const row = (await getPaymentRow(t.app.db, payment.id))!;
    expect(await markBountyPaid(t.app.db, row)).toBeUndefined();
    expect((await bell(creator)).filter((x) => x.title === 'Bounty paid')).toHaveLength(1);
  }, 60_000);

  it('only one payment of a reward is on its way at a time; an older unsent one is replaced, a failed one can be retried', async () => {
    const { poster, posterWallet, creatorWallet, bounty } = await approved();
    const first = (await poster.post(`/api/bounties/${bounty.id}/payment`, { fromWallet: posterWallet.address })).json() as Payment;
    const second = (await poster.post(`/api/bounties/${bounty.id}/payment`, { fromWallet: posterWallet.address })).json() as Payment;
    expect((await poster.get(`/api/payments/${first.id}`)).json()).toMatchObject({ status: 'failed', failure: BOUNTY_PAYMENT_REPLACED });
    // The replaced intent can no longer take a transaction.
    expect((await poster.post(`/api/payments/${first.id}/signature`, { signature: '5'.repeat(88) })).statusCode).toBe(409);

    // A transfer of the wrong amount fails with its reason, and the reward can be paid again.
    await poster.post(`/api/payments/${second.id}/signature`, { signature: await payFromPhantom(poster, posterWallet, second, { lamports: SOL / 10n }) });
    expect(await settle(poster, second.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.wrongAmount });
    expect((await detail(poster, bounty.id)).status).toBe('claimed');

    // Held at confirmed, a good payment blocks a second one.
    chain.holdFinality = true;
    let third: Payment;
    const before = chain.balance(creatorWallet.address);
    try {
      third = (await poster.post(`/api/bounties/${bounty.id}/payment`, { fromWallet: posterWallet.address })).json() as Payment;
      await poster.post(`/api/payments/${third.id}/signature`, { signature: await payFromPhantom(poster, posterWallet, third) });
      await waitUntil(
        'confirmed',
        async () => (await poster.get(`/api/payments/${third.id}`)).json() as Payment,
        (p) => p.status === 'confirmed',
      );
      const blocked = await poster.post(`/api/bounties/${bounty.id}/payment`, { fromWallet: posterWallet.address });
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().message).toBe(BOUNTY_PAYMENT_IN_FLIGHT);
      expect((await detail(poster, bounty.id)).status).toBe('claimed');
      chain.finalize();
    } finally {
      chain.holdFinality = false;
    }
    expect(await settle(poster, third.id)).toMatchObject({ status: 'finalized' });
    await waitUntil(
      'paid',
      () => detail(poster, bounty.id),
      (d) => d.status === 'paid',
    );
    expect(chain.balance(creatorWallet.address) - before).toBe(SOL / 2n);
  }, 60_000);

  it('a reward’s signature reported first for another payment reserves nothing: the poster’s report is accepted and the bounty is paid', async () => {
    const { poster, posterWallet, bounty } = await approved();
    const payment = (await poster.post(`/api/bounties/${bounty.id}/payment`, { fromWallet: posterWallet.address })).json() as Payment;
    const signature = await payFromPhantom(poster, posterWallet, payment);
    // Someone who saw the transaction reports it first, on a tip of their own.
    const attacker = await verifiedClient(t.app, `sniper_${n}`);
    const attackerWallet = new TestWallet(t.app);
    expect((await attacker.post('/api/auth/verify-wallet', await attackerWallet.linkProof(attacker))).statusCode).toBe(200);
    const decoy = (await attacker.post('/api/tips', { to: `maker_${n}`, amountSol: '0.5', fromWallet: attackerWallet.address })).json() as Payment;
    expect((await attacker.post(`/api/payments/${decoy.id}/signature`, { signature })).statusCode).toBe(202);
    expect(await settle(attacker, decoy.id)).toMatchObject({ status: 'failed', failure: PAYMENT_FAILURES.wrongMemo });
    const sent = await poster.post(`/api/payments/${payment.id}/signature`, { signature });
    expect(sent.statusCode).toBe(202);
    expect(await settle(poster, payment.id)).toMatchObject({ status: 'finalized', signature });
    await waitUntil(
      'the bounty to be paid',
      () => detail(poster, bounty.id),
      (d) => d.status === 'paid',
    );
  }, 60_000);

  it('refuses a non-poster’s approve, reject, cancel and payment', async () => {
    const { poster, creator, shortId } = await people();
    const b = await post(poster);
    const made = (await claim(creator, b.id, shortId)).json() as BountyClaim;
    const stranger = await verifiedClient(t.app, `stranger_${n}`);
    for (const c of [stranger, creator]) {
      for (const path of [`claims/${made.id}/approve`, `claims/${made.id}/reject`, 'cancel']) {
        const res = await c.post(`/api/bounties/${b.id}/${path}`);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().message).toBe(BOUNTY_POSTER_ONLY);
      }
      expect((await c.post(`/api/bounties/${b.id}/payment`, { fromWallet: new TestWallet().address })).statusCode).toBe(403);
    }
    expect((await new Client(t.app).post(`/api/bounties/${b.id}/claims/${made.id}/approve`)).statusCode).toBe(401);
    // A claim of another bounty is not found under this one.
    const other = await post(poster);
    expect((await poster.post(`/api/bounties/${other.id}/claims/${made.id}/approve`)).statusCode).toBe(404);
    expect((await poster.post(`/api/bounties/${b.id}/payment`, { fromWallet: 'nope' })).statusCode).toBe(400);
    expect((await detail(poster, b.id)).status).toBe('open');
    // The poster may turn it down.
    const rejected = await poster.post(`/api/bounties/${b.id}/claims/${made.id}/reject`);
    expect((rejected.json() as BountyDetail).claims[0]).toMatchObject({ status: 'rejected' });
    expect((await poster.post(`/api/bounties/${b.id}/claims/${made.id}/approve`)).statusCode).toBe(409);
  });
});

describe('limits', () => {
  it('at most 3 claims per creator on one bounty, and 20 open bounties per poster', async () => {
    const { poster, creator, shortId } = await people();
    const b = await post(poster);
    expect((await claim(creator, b.id, shortId)).statusCode).toBe(201);
    for (const i of [2, 3]) expect((await claim(creator, b.id, await readyVideo(creator, 'short', `Take ${i}`))).statusCode).toBe(201);
    const fourth = await claim(creator, b.id, await readyVideo(creator, 'short', 'Take 4'));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(CLAIMS_TOO_MANY);
    for (let i = 1; i < OPEN_BOUNTIES_PER_POSTER; i++) await post(poster);
    const over = await poster.post('/api/bounties', {
      title: 'One more',
      description: 'One bounty too many.',
      rewardSol: '1',
      deadline: inDays(2),
      category: 'Other',
    });
    expect(over.statusCode).toBe(429);
  });
});

describe('cancel and expiry', () => {
  it('the poster cancels an open bounty; it takes no more claims', async () => {
    const { poster, creator, shortId } = await people();
    const b = await post(poster);
    const res = await poster.post(`/api/bounties/${b.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String), claimsOpen: false });
    expect((await claim(creator, b.id, shortId)).statusCode).toBe(409);
    expect((await poster.post(`/api/bounties/${b.id}/cancel`)).statusCode).toBe(409);
  });

  it('expires open bounties at the deadline, or after the review window when a claim waits; the sweep runs as a job', async () => {
    const { poster, creator, shortId } = await people();
    const quiet = await post(poster);
    const waiting = await post(poster);
    await claim(creator, waiting.id, shortId);
    const later = await post(poster, { deadline: inDays(30) });
    const at = (d: number) => new Date(Date.now() + d * DAY);
    await expireBounties(t.app.db, at(8));
    expect((await detail(poster, quiet.id)).status).toBe('expired');
    expect((await detail(poster, waiting.id)).status).toBe('open');
    expect((await detail(poster, later.id)).status).toBe('open');
    // Within the review window the poster may still approve the claim made in time.
    await t.database.executeSql(`update bounties set deadline = now() - interval '8 days' where id = $1`, [waiting.id]);
    await t.app.jobs.send(EXPIRE_BOUNTIES_QUEUE, {});
    await waitUntil(
      'the sweep',
      () => detail(poster, waiting.id),
      (d) => d.status === 'expired',
    );
    expect((await detail(poster, later.id)).status).toBe('open');
  });
});
