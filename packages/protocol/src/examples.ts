import type { ClientMessage, ClientToServerType } from './client-to-server.js';
import type { GameView } from './game-view.js';
import type { ServerMessage, ServerToClientType } from './server-to-client.js';
import type { TableSettings } from './settings.js';
import type { TournamentDetail, TournamentSummary, TournamentTermsInput } from './tournaments.js';

/**
 * One valid example of every message, both ways. These are the examples printed in docs/protocol.md: a test
 * parses each one and checks that the document shows it, so the document cannot drift from the schemas.
 */

const LONG_3_POINTS: TableSettings = {
  match: {
    variant: 'long',
    rules: { headExceptionScope: 'federation', blockCheck: 'perStep', blockAheadCountsBorneOff: true },
    ceiling: 'koks',
    marsDefinition: 'noneBorneOff',
    homeMars: false,
    koks: false,
    openingThrow: 'fresh',
    lastRollDraw: false,
    drawScoring: 'half',
    cube: { enabled: false, maxValue: 64, beaver: false, automaticDoubles: 0, jacoby: false },
    matchLength: 3,
    crawford: true,
    session: { games: 0, pointsAhead: 0, minutes: 0 },
    nextGameStarter: 'previousBlack',
    flagLoses: 'match',
    timeControl: { kind: 'matchReserve', perPointMs: 180000, delayMs: 15000 },
  },
  rated: true,
  stake: 0,
};

const COMMITMENT = 'a3f1c29e0b7d4c1e5f6a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e';
const ALICE = { userId: 'u_alice', name: 'Alice', guest: false, rating: 1540 };
const BORIS = { userId: 'u_boris', name: 'Борис', guest: false, rating: 1495 };

/** A daily knockout as its creator asks for it, then as the server shows it once Alice and Boris are in. */
const KNOCKOUT_TERMS: TournamentTermsInput = {
  name: 'Daily knockout',
  format: 'knockout',
  match: { variant: 'long', matchLength: 3, timeControl: { kind: 'matchReserve', perPointMs: 180000, delayMs: 15000 } },
  rated: true,
  buyIn: 100,
  minPlayers: 2,
  maxPlayers: 32,
  start: { kind: 'at', at: 1767297600000 },
  bots: false,
  options: { thirdPlace: true },
};
const KNOCKOUT: TournamentSummary = {
  tournamentId: 't_d21',
  terms: { ...KNOCKOUT_TERMS, match: LONG_3_POINTS.match, payoutPercent: 80, prizeShares: [50, 30, 20] },
  status: 'running',
  createdBy: ALICE,
  players: 2,
  pool: 200,
  createdAt: 1767225000000,
  startsAt: 1767297600000,
  startedAt: 1767297600000,
  finishedAt: null,
};
const KNOCKOUT_PAIRING = { pairingId: 'r1-0', round: 1, a: 'u_alice', b: 'u_boris', bracket: 'main', slot: 0, gameId: 'g_7Hk2', result: null } as const;
const KNOCKOUT_DETAIL: TournamentDetail = {
  tournament: KNOCKOUT,
  entrants: [
    { user: ALICE, rating: 1540, status: 'playing' },
    { user: BORIS, rating: 1495, status: 'playing' },
  ],
  pairings: [KNOCKOUT_PAIRING],
  standings: [
    { rank: 1, userId: 'u_alice', points: 0, played: 0, won: 0, tieBreaks: {} },
    { rank: 2, userId: 'u_boris', points: 0, played: 0, won: 0, tieBreaks: {} },
  ],
};

/** Alice (p1, White) won the opening throw 5–3, threw 6–5 and must play her first turn; the view she gets. */
const VIEW: GameView = {
  gameId: 'g_7Hk2',
  settings: LONG_3_POINTS,
  players: {
    p1: { user: ALICE, online: true, graceUntil: null },
    p2: { user: BORIS, online: true, graceUntil: null },
  },
  you: 'p1',
  phase: 'moving',
  version: 2,
  gameNumber: 1,
  white: 'p1',
  position: {
    variant: 'long',
    turn: 'white',
    board: {
      white: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 0],
      black: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 0],
    },
    firstTurn: { white: true, black: true },
  },
  dice: [6, 5],
  openingThrows: [{ p1: 5, p2: 3 }],
  cube: { value: 1, owner: null, turned: false, automaticDoubles: 0 },
  cubeOffer: null,
  resignOffer: null,
  score: { p1: 0, p2: 0 },
  crawford: false,
  lastThrow: false,
  toAct: 'p1',
  clock: {
    control: { kind: 'matchReserve', perPointMs: 180000, delayMs: 15000 },
    left: { p1: 540000, p2: 540000 },
    running: 'p1',
    since: 1767225597000,
    at: 1767225600000,
    flagged: null,
  },
  legal: {
    actions: ['move', 'resign', 'surrender', 'resignMatch'],
    resignLevels: ['single', 'mars', 'koks'],
    turns: [
      [
        { from: 24, to: 18, die: 6, hit: false },
        { from: 18, to: 13, die: 5, hit: false },
      ],
    ],
  },
  games: [],
  end: null,
  diceProof: {
    commitment: COMMITMENT,
    clientSeeds: { p1: 'alice-7f3a', p2: 'q81-Zp' },
    serverSeed: null,
    throws: 2,
  },
};

export const CLIENT_EXAMPLES: { readonly [T in ClientToServerType]: ClientMessage<T> } = {
  hello: { type: 'hello', id: 'h1', protocol: 2, client: 'my-bot/0.3', lang: 'en' },
  ping: { type: 'ping', id: 'p1' },
  'lobby.subscribe': { type: 'lobby.subscribe', id: 'c2' },
  'lobby.unsubscribe': { type: 'lobby.unsubscribe', id: 'c3' },
  'seek.create': {
    type: 'seek.create',
    id: 'c4',
    settings: {
      match: { variant: 'short', matchLength: 5, timeControl: { kind: 'matchReserve', perPointMs: 120000, delayMs: 12000 } },
      rated: true,
      stake: 0,
    },
    clientSeed: 'alice-7f3a',
  },
  'seek.cancel': { type: 'seek.cancel', id: 'c5', seekId: 's_19' },
  'seek.accept': { type: 'seek.accept', id: 'c6', seekId: 's_19', clientSeed: 'q81-Zp' },
  'quickPair.join': {
    type: 'quickPair.join',
    id: 'c7',
    pool: { variant: 'long', matchLength: 0, timeControl: { kind: 'fischer', initialMs: 300000, incrementMs: 5000 }, rated: false },
  },
  'quickPair.leave': { type: 'quickPair.leave', id: 'c8' },
  'quickPair.commit': {
    type: 'quickPair.commit',
    id: 'c32',
    pool: { variant: 'short', matchLength: 3, timeControl: { kind: 'none' }, rated: false },
  },
  'challenge.send': {
    type: 'challenge.send',
    id: 'c9',
    to: 'u_boris',
    settings: { match: { variant: 'short', cube: { enabled: true, beaver: true, jacoby: true } }, rated: false, stake: 10 },
  },
  'challenge.accept': { type: 'challenge.accept', id: 'c10', challengeId: 'ch_5' },
  'challenge.decline': { type: 'challenge.decline', id: 'c11', challengeId: 'ch_5', reason: 'later, please' },
  'challenge.cancel': { type: 'challenge.cancel', id: 'c12', challengeId: 'ch_5' },
  'table.create': {
    type: 'table.create',
    id: 'c13',
    settings: { match: { variant: 'caucasian', matchLength: 7, ceiling: 'mars' }, rated: false, stake: 0 },
  },
  'table.show': { type: 'table.show', id: 'c31', token: 'tK9f2LqXv7bN3mZr' },
  'table.join': { type: 'table.join', id: 'c14', token: 'tK9f2LqXv7bN3mZr' },
  'dice.commit': { type: 'dice.commit', id: 'c30' },
  'bot.play': { type: 'bot.play', id: 'c15', level: 4, settings: { match: { variant: 'long', matchLength: 1 }, rated: false, stake: 0 } },
  'game.subscribe': { type: 'game.subscribe', id: 'c16', gameId: 'g_7Hk2', since: { epoch: '3f9a1c2be407', n: 41 } },
  'game.unsubscribe': { type: 'game.unsubscribe', id: 'c17', gameId: 'g_7Hk2' },
  'game.action': {
    type: 'game.action',
    id: 'c18',
    gameId: 'g_7Hk2',
    version: 2,
    action: {
      type: 'move',
      steps: [
        { from: 24, to: 18 },
        { from: 18, to: 13 },
      ],
    },
  },
  'game.claim': { type: 'game.claim', id: 'c20', gameId: 'g_7Hk2', claim: 'win' },
  'game.next': { type: 'game.next', id: 'c61', gameId: 'g_7Hk2' },
  'rematch.offer': { type: 'rematch.offer', id: 'c21', gameId: 'g_7Hk2' },
  'rematch.accept': { type: 'rematch.accept', id: 'c22', gameId: 'g_7Hk2' },
  'rematch.decline': { type: 'rematch.decline', id: 'c23', gameId: 'g_7Hk2' },
  'rematch.cancel': { type: 'rematch.cancel', id: 'c60', gameId: 'g_7Hk2' },
  'analysis.request': { type: 'analysis.request', id: 'c40', gameId: 'g_7Hk2', ply: 2 },
  'analysis.unsubscribe': { type: 'analysis.unsubscribe', id: 'c41', gameId: 'g_7Hk2', ply: 2 },
  'tournament.create': { type: 'tournament.create', id: 'c70', terms: KNOCKOUT_TERMS },
  'tournament.register': { type: 'tournament.register', id: 'c71', tournamentId: 't_d21' },
  'tournament.leave': { type: 'tournament.leave', id: 'c72', tournamentId: 't_d21' },
  'tournament.cancel': { type: 'tournament.cancel', id: 'c73', tournamentId: 't_d21' },
  'tournament.subscribe': { type: 'tournament.subscribe', id: 'c74', tournamentId: 't_d21' },
  'tournament.unsubscribe': { type: 'tournament.unsubscribe', id: 'c75', tournamentId: 't_d21' },
  'chat.send': { type: 'chat.send', id: 'c24', room: { kind: 'table', gameId: 'g_7Hk2' }, text: 'Удачи! Good luck!' },
  'pm.send': { type: 'pm.send', id: 'c25', to: 'u_boris', text: 'Rematch tomorrow?' },
  'user.block': { type: 'user.block', id: 'c26', userId: 'u_troll' },
  'user.unblock': { type: 'user.unblock', id: 'c27', userId: 'u_troll' },
};

export const SERVER_EXAMPLES: { readonly [T in ServerToClientType]: ServerMessage<T> } = {
  ack: {
    type: 'ack',
    id: 'h1',
    result: { kind: 'welcome', protocol: 2, serverTime: 1767225600000, user: ALICE, lang: 'en', blocked: [] },
  },
  error: { type: 'error', id: 'c18', code: 'ILLEGAL_TURN', message: 'the head rule allows one checker off the head (L9)' },
  'lobby.snapshot': {
    type: 'lobby.snapshot',
    seeks: [{ seekId: 's_19', by: BORIS, settings: LONG_3_POINTS, createdAt: 1767225590000, commitment: COMMITMENT }],
    games: [
      {
        gameId: 'g_7Hk2',
        players: { p1: ALICE, p2: BORIS },
        settings: LONG_3_POINTS,
        score: { p1: 1, p2: 0 },
        spectators: 3,
        startedAt: 1767225000000,
      },
    ],
    online: 57,
    players: [{ user: BORIS, ratings: [{ variant: 'long', rating: 1512, games: 4 }] }],
  },
  'lobby.seekAdded': {
    type: 'lobby.seekAdded',
    seek: { seekId: 's_20', by: ALICE, settings: LONG_3_POINTS, createdAt: 1767225601000, commitment: COMMITMENT },
  },
  'lobby.seekRemoved': { type: 'lobby.seekRemoved', seekId: 's_19' },
  'lobby.gameAdded': {
    type: 'lobby.gameAdded',
    game: {
      gameId: 'g_8Jm3',
      players: { p1: BORIS, p2: { userId: 'bot_4', name: 'Bot level 4', guest: false, bot: 4 } },
      settings: LONG_3_POINTS,
      score: { p1: 0, p2: 0 },
      spectators: 0,
      startedAt: 1767225602000,
    },
  },
  'lobby.gameRemoved': { type: 'lobby.gameRemoved', gameId: 'g_8Jm3' },
  'lobby.userJoined': { type: 'lobby.userJoined', player: { user: ALICE, ratings: [] } },
  'lobby.userLeft': { type: 'lobby.userLeft', userId: 'u_boris' },
  'challenge.received': {
    type: 'challenge.received',
    challenge: { challengeId: 'ch_5', from: ALICE, to: BORIS, settings: LONG_3_POINTS, createdAt: 1767225603000, commitment: COMMITMENT },
  },
  'challenge.closed': { type: 'challenge.closed', challengeId: 'ch_5', reason: 'declined' },
  'game.started': { type: 'game.started', gameId: 'g_7Hk2', seat: 'p1' },
  'game.snapshot': {
    type: 'game.snapshot',
    gameId: 'g_7Hk2',
    epoch: '3f9a1c2be407',
    lastEvent: 2,
    actions: [
      { type: 'opening', dice: { p1: 5, p2: 3 } },
      { type: 'roll', seat: 'p1', dice: [6, 5] },
    ],
    view: VIEW,
  },
  'game.event': {
    type: 'game.event',
    gameId: 'g_7Hk2',
    epoch: '3f9a1c2be407',
    n: 2,
    event: { kind: 'action', action: { type: 'roll', seat: 'p1', dice: [6, 5] } },
    view: VIEW,
  },
  'chat.message': {
    type: 'chat.message',
    room: { kind: 'table', gameId: 'g_7Hk2' },
    from: BORIS,
    text: 'И тебе удачи',
    at: 1767225604000,
  },
  'pm.message': { type: 'pm.message', from: ALICE, to: BORIS, text: 'Rematch tomorrow?', at: 1767225605000 },
  'analysis.progress': { type: 'analysis.progress', gameId: 'g_7Hk2', ply: 2, done: 57, total: 212 },
  'analysis.done': { type: 'analysis.done', gameId: 'g_7Hk2', ply: 2 },
  'analysis.failed': { type: 'analysis.failed', gameId: 'g_7Hk2', ply: 2, error: 'the analysis worker stopped (exit code 1)' },
  'tournament.snapshot': { type: 'tournament.snapshot', detail: KNOCKOUT_DETAIL },
  'tournament.state': { type: 'tournament.state', tournament: KNOCKOUT },
  'tournament.pairings': { type: 'tournament.pairings', tournamentId: 't_d21', pairings: [KNOCKOUT_PAIRING] },
  'tournament.standings': {
    type: 'tournament.standings',
    tournamentId: 't_d21',
    standings: [
      { rank: 1, userId: 'u_alice', points: 1, played: 1, won: 1, tieBreaks: {}, prize: 100 },
      { rank: 2, userId: 'u_boris', points: 0, played: 1, won: 0, tieBreaks: {}, note: 'out in round 1', prize: 60 },
    ],
  },
  'tournament.match': { type: 'tournament.match', tournamentId: 't_d21', pairingId: 'r1-0', gameId: 'g_7Hk2', seat: 'p1', opponent: BORIS },
};

/** Further valid examples (ack results, game events) shown in the document and parsed by the tests. */
export const MORE_SERVER_EXAMPLES: readonly ServerMessage<ServerToClientType>[] = [
  { type: 'ack', id: 'p1', result: { kind: 'pong', serverTime: 1767225600123 } },
  { type: 'ack', id: 'c4', result: { kind: 'seek', seekId: 's_20' } },
  { type: 'ack', id: 'c30', result: { kind: 'commitment', commitment: COMMITMENT } },
  { type: 'ack', id: 'c9', result: { kind: 'challenge', challengeId: 'ch_5' } },
  { type: 'ack', id: 'c13', result: { kind: 'table', token: 'tK9f2LqXv7bN3mZr', commitment: COMMITMENT } },
  { type: 'ack', id: 'c31', result: { kind: 'tableInfo', settings: LONG_3_POINTS, host: ALICE } },
  { type: 'ack', id: 'c6', result: { kind: 'game', gameId: 'g_7Hk2', seat: 'p2' } },
  { type: 'ack', id: 'c16', result: { kind: 'subscribed', gameId: 'g_7Hk2', seat: 'p1', epoch: '3f9a1c2be407', lastEvent: 43, catchUp: 'events' } },
  { type: 'ack', id: 'c40', result: { kind: 'analysis', gameId: 'g_7Hk2', ply: 2, status: 'queued', done: 0, total: 0 } },
  { type: 'ack', id: 'c70', result: { kind: 'tournament', tournamentId: 't_d21' } },
  { type: 'ack', id: 'c24' },
  { type: 'error', id: null, code: 'BAD_MESSAGE', message: 'a message is one JSON object' },
];

/** The `event` of a `game.event`, one per kind. */
export const EVENT_EXAMPLES = [
  { kind: 'action', action: { type: 'opening', dice: { p1: 5, p2: 3 } } },
  {
    kind: 'action',
    action: {
      type: 'move',
      seat: 'p1',
      steps: [
        { from: 24, to: 18 },
        { from: 18, to: 13 },
      ],
    },
  },
  { kind: 'action', action: { type: 'double', seat: 'p2' } },
  {
    kind: 'gameEnded',
    result: { number: 1, winner: 'p1', end: 'bearOff', kind: 'mars', basePoints: 2, cubeValue: 1, points: { p1: 2, p2: 0 }, white: 'p1' },
  },
  {
    kind: 'matchEnded',
    end: { winner: 'p1', reason: 'points' },
    serverSeed: '5e2d8c1b0a9f8e7d6c5b4a3928170f1e2d3c4b5a69788796a5b4c3d2e1f00112',
  },
  { kind: 'presence', seat: 'p2', online: false, graceUntil: 1767225660000 },
  { kind: 'claimable', seat: 'p2' },
  { kind: 'nextGame', startsAt: 1767225668000, ready: ['p1'] },
  { kind: 'rated', ratings: { p1: 1504, p2: 1496 } },
  { kind: 'rematchOffered', by: 'p2' },
  { kind: 'rematchDeclined', by: 'p1' },
  { kind: 'rematchWithdrawn', by: 'p2' },
  { kind: 'rematchStarted', gameId: 'g_9Kq4' },
] as const;
