// The wallet feature's face to the others: its Better Auth plugin and what accounts and exports
// read of the wallets linked to an account.
export { acceptWalletProof, isPlaceholderEmail, linkedWallets, phantomWallet } from './plugin.js';
