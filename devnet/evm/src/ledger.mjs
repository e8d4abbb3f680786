// The expected chain state, computed in JS from what the seeding did (not read back from the chain),
// so the seed test can compare an independent model against fresh chain reads.
import { getAddress, maxUint256 } from 'viem';

const key = (...parts) => parts.map(String).join('|');

function mulDiv(a, b, denominator, roundUp) {
  const product = a * b;
  const quotient = product / denominator;
  return roundUp && product % denominator !== 0n ? quotient + 1n : quotient;
}

export class Ledger {
  #native = new Map();
  #erc20 = new Map(); // token|holder -> amount
  #supply = new Map(); // token -> total supply
  #allowances = new Map(); // token|owner|spender -> amount
  #nftOwners = new Map(); // collection|tokenId -> owner
  #nftApproved = new Map(); // collection|tokenId -> approved
  #operators = new Map(); // collection|owner|operator -> bool
  #erc1155 = new Map(); // collection|id|holder -> amount
  #escrow = new Map(); // beneficiary -> [{ amount, until }]
  #vaults = new Map(); // ERC-4626 vault token -> vault address

  // Native coin.
  native(address) {
    return this.#native.get(getAddress(address)) ?? 0n;
  }
  addNative(address, amount) {
    const a = getAddress(address);
    const next = this.native(a) + amount;
    if (next < 0n) throw new Error(`ledger: native balance of ${a} would go negative`);
    this.#native.set(a, next);
  }

  // ERC-20.
  balance(token, holder) {
    return this.#erc20.get(key(token, getAddress(holder))) ?? 0n;
  }
  totalSupply(token) {
    return this.#supply.get(token) ?? 0n;
  }
  #addBalance(token, holder, amount) {
    const k = key(token, getAddress(holder));
    const next = (this.#erc20.get(k) ?? 0n) + amount;
    if (next < 0n) throw new Error(`ledger: ${token} balance of ${holder} would go negative`);
    this.#erc20.set(k, next);
  }
  mint(token, to, amount) {
    this.#addBalance(token, to, amount);
    this.#supply.set(token, this.totalSupply(token) + amount);
  }
  burn(token, from, amount) {
    this.#addBalance(token, from, -amount);
    this.#supply.set(token, this.totalSupply(token) - amount);
  }
  transfer(token, from, to, amount) {
    this.#addBalance(token, from, -amount);
    this.#addBalance(token, to, amount);
  }
  allowance(token, owner, spender) {
    return this.#allowances.get(key(token, getAddress(owner), getAddress(spender))) ?? 0n;
  }
  approve(token, owner, spender, amount) {
    this.#allowances.set(key(token, getAddress(owner), getAddress(spender)), amount);
  }
  /** Every (token, owner, spender) ever approved, with the current amount (revoked ones stay, as 0). */
  allowancePairs() {
    return [...this.#allowances.entries()].map(([k, amount]) => {
      const [token, owner, spender] = k.split('|');
      return { token, owner, spender, amount };
    });
  }
  /** transferFrom by `spender`; OpenZeppelin leaves an unlimited (2^256-1) allowance untouched. */
  transferFrom(token, spender, from, to, amount) {
    const current = this.allowance(token, from, spender);
    if (current < amount) throw new Error(`ledger: ${token} allowance ${from}->${spender} too small`);
    if (current !== maxUint256) this.approve(token, from, spender, current - amount);
    this.transfer(token, from, to, amount);
  }

  // ERC-4626 share math as in OpenZeppelin 5 with decimals offset 0 (virtual share and asset of 1).
  vaultSharesForDeposit(vault, asset, assets) {
    return mulDiv(assets, this.totalSupply(vault) + 1n, this.balance(asset, this.vaultAddress(vault)) + 1n, false);
  }
  vaultSharesForWithdraw(vault, asset, assets) {
    return mulDiv(assets, this.totalSupply(vault) + 1n, this.balance(asset, this.vaultAddress(vault)) + 1n, true);
  }
  vaultAssetsForRedeem(vault, asset, shares) {
    return mulDiv(shares, this.balance(asset, this.vaultAddress(vault)) + 1n, this.totalSupply(vault) + 1n, false);
  }
  registerVault(vault, address) {
    this.#vaults.set(vault, getAddress(address));
  }
  vaultAddress(vault) {
    const address = this.#vaults.get(vault);
    if (!address) throw new Error(`ledger: unknown vault ${vault}`);
    return address;
  }

  // ERC-721.
  ownerOf(collection, tokenId) {
    return this.#nftOwners.get(key(collection, tokenId)) ?? null;
  }
  approvedOf(collection, tokenId) {
    return this.#nftApproved.get(key(collection, tokenId)) ?? null;
  }
  mintNft(collection, tokenId, to) {
    this.#nftOwners.set(key(collection, tokenId), getAddress(to));
  }
  transferNft(collection, tokenId, from, to) {
    if (this.ownerOf(collection, tokenId) !== getAddress(from)) throw new Error(`ledger: ${from} does not own ${collection} #${tokenId}`);
    this.#nftOwners.set(key(collection, tokenId), getAddress(to));
    this.#nftApproved.delete(key(collection, tokenId)); // ERC-721 clears the single approval on transfer
  }
  approveNft(collection, tokenId, approved) {
    this.#nftApproved.set(key(collection, tokenId), getAddress(approved));
  }
  nftTokenIds(collection) {
    return [...this.#nftOwners.keys()].filter((k) => k.startsWith(`${collection}|`)).map((k) => BigInt(k.split('|')[1]));
  }

  // Operators (ERC-721 and ERC-1155 setApprovalForAll).
  isOperator(collection, owner, operator) {
    return this.#operators.get(key(collection, getAddress(owner), getAddress(operator))) ?? false;
  }
  setOperator(collection, owner, operator, approved) {
    this.#operators.set(key(collection, getAddress(owner), getAddress(operator)), approved);
  }
  /** Every (owner, operator) pair ever set, with its current state (revoked ones stay, as false). */
  operatorPairs(collection) {
    return [...this.#operators.entries()]
      .filter(([k]) => k.startsWith(`${collection}|`))
      .map(([k, approved]) => ({ owner: k.split('|')[1], operator: k.split('|')[2], approved }));
  }

  // ERC-1155.
  balance1155(collection, id, holder) {
    return this.#erc1155.get(key(collection, id, getAddress(holder))) ?? 0n;
  }
  move1155(collection, id, from, to, amount) {
    if (from) {
      const left = this.balance1155(collection, id, from) - amount;
      if (left < 0n) throw new Error(`ledger: ${collection} id ${id} balance of ${from} would go negative`);
      this.#erc1155.set(key(collection, id, getAddress(from)), left);
    }
    if (to) this.#erc1155.set(key(collection, id, getAddress(to)), this.balance1155(collection, id, to) + amount);
  }

  // Unstake escrow.
  escrowDeposits(beneficiary) {
    return [...(this.#escrow.get(getAddress(beneficiary)) ?? [])];
  }
  lockInEscrow(beneficiary, amount, until) {
    this.#escrow.set(getAddress(beneficiary), [...this.escrowDeposits(beneficiary), { amount, until }]);
  }
  /** Removes the deposits unlocked at `now`; returns their sum (what Escrow.withdraw() pays). */
  releaseEscrow(beneficiary, now) {
    const deposits = this.escrowDeposits(beneficiary);
    const released = deposits.filter((d) => d.until <= now).reduce((sum, d) => sum + d.amount, 0n);
    this.#escrow.set(getAddress(beneficiary), deposits.filter((d) => d.until > now));
    return released;
  }
}
