;; A devnet `eosio.evm`: the Telos EVM contract's `account` table, which links a native account to
;; its EVM address, with the same row layout and indexes (primary `index`; secondary 2 `byaddress`,
;; the address left-padded to 32 bytes, idx256; secondary 3 `byaccount`, the native name, idx64),
;; written by the real contract's `openwallet(account, address)`: the account must authorise it,
;; pays the RAM, and gets a new row with nonce 0, no code and a zero balance. An address or an
;; account already in the table is refused. No EVM runs here: balances live on the EVM devnet.
;; NAME:x is replaced by the 64-bit value of the Antelope name x before compiling.
(module
  (import "env" "action_data_size" (func $action_data_size (result i32)))
  (import "env" "read_action_data" (func $read_action_data (param i32 i32) (result i32)))
  (import "env" "require_auth" (func $require_auth (param i64)))
  (import "env" "eosio_assert" (func $eosio_assert (param i32 i32)))
  (import "env" "db_store_i64" (func $db_store_i64 (param i64 i64 i64 i64 i32 i32) (result i32)))
  (import "env" "db_end_i64" (func $db_end_i64 (param i64 i64 i64) (result i32)))
  (import "env" "db_previous_i64" (func $db_previous_i64 (param i32 i32) (result i32)))
  (import "env" "db_idx64_store" (func $db_idx64_store (param i64 i64 i64 i64 i32) (result i32)))
  (import "env" "db_idx64_find_secondary" (func $db_idx64_find_secondary (param i64 i64 i64 i32 i32) (result i32)))
  (import "env" "db_idx256_store" (func $db_idx256_store (param i64 i64 i64 i64 i32 i32) (result i32)))
  (import "env" "db_idx256_find_secondary" (func $db_idx256_find_secondary (param i64 i64 i64 i32 i32 i32) (result i32)))
  (memory 1)
  (data (i32.const 16) "openwallet takes an account and a 20-byte address\00")
  (data (i32.const 80) "this account already has an EVM address\00")
  (data (i32.const 128) "this EVM address is already linked\00")
  ;; Memory: 1024 action data (account, address); 2048 the row; 4096 the address key as the
  ;; chain's idx256 holds it; 4200 the account key; 4208 a primary key read back.
  (func (export "apply") (param $receiver i64) (param $code i64) (param $action i64)
    (local $account i64) (local $next i64) (local $itr i32) (local $i i32)
    (if (i64.ne (local.get $code) (local.get $receiver)) (then (return)))
    (if (i64.ne (local.get $action) (i64.const NAME:openwallet)) (then (return)))
    (call $eosio_assert (i32.eq (call $action_data_size) (i32.const 28)) (i32.const 16))
    (drop (call $read_action_data (i32.const 1024) (i32.const 28)))
    (local.set $account (i64.load (i32.const 1024)))
    (call $require_auth (local.get $account))

    ;; The byaddress key is the address left-padded with 12 zero bytes (32 bytes, big-endian),
    ;; held as two little-endian 128-bit words: each 16-byte half reversed.
    (i64.store (i32.const 4096) (i64.const 0))
    (i64.store (i32.const 4104) (i64.const 0))
    (i64.store (i32.const 4112) (i64.const 0))
    (i64.store (i32.const 4120) (i64.const 0))
    ;; padded byte p (12..31) = address byte p-12 at 1032 + p - 12; its place is 4096 + 15 - p
    ;; in the first half (p < 16) and 4112 + 31 - p in the second.
    (local.set $i (i32.const 12))
    (block $done
      (loop $copy
        (br_if $done (i32.ge_u (local.get $i) (i32.const 32)))
        (i32.store8
          (if (result i32) (i32.lt_u (local.get $i) (i32.const 16))
            (then (i32.sub (i32.const 4111) (local.get $i)))
            (else (i32.sub (i32.const 4143) (local.get $i))))
          (i32.load8_u (i32.add (i32.const 1020) (local.get $i))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $copy)))
    (i64.store (i32.const 4200) (local.get $account))

    (call $eosio_assert
      (i32.lt_s (call $db_idx64_find_secondary (local.get $receiver) (local.get $receiver)
        (i64.or (i64.const NAME:account) (i64.const 1)) (i32.const 4200) (i32.const 4208)) (i32.const 0))
      (i32.const 80))
    (call $eosio_assert
      (i32.lt_s (call $db_idx256_find_secondary (local.get $receiver) (local.get $receiver)
        (i64.const NAME:account) (i32.const 4096) (i32.const 2) (i32.const 4208)) (i32.const 0))
      (i32.const 128))

    ;; The next index: one past the highest primary key (0 while the table does not exist: its
    ;; end iterator is then -1, which has no previous row).
    (local.set $next (i64.const 0))
    (local.set $itr (call $db_end_i64 (local.get $receiver) (local.get $receiver) (i64.const NAME:account)))
    (if (i32.ne (local.get $itr) (i32.const -1))
      (then
        (if (i32.ge_s (call $db_previous_i64 (local.get $itr) (i32.const 4208)) (i32.const 0))
          (then (local.set $next (i64.add (i64.load (i32.const 4208)) (i64.const 1)))))))

    ;; The row: index u64, address checksum160, account name, nonce u64, code bytes (empty),
    ;; balance checksum256 (zero) — 77 bytes.
    ;; (eos-vm runs WebAssembly 1.0: no bulk memory instructions, so plain loads and stores.)
    (local.set $i (i32.const 2048))
    (block $zeroed
      (loop $zero
        (br_if $zeroed (i32.ge_u (local.get $i) (i32.const 2128)))
        (i64.store (local.get $i) (i64.const 0))
        (local.set $i (i32.add (local.get $i) (i32.const 8)))
        (br $zero)))
    (i64.store (i32.const 2048) (local.get $next))
    (i64.store (i32.const 2056) (i64.load (i32.const 1032)))
    (i64.store (i32.const 2064) (i64.load (i32.const 1040)))
    (i32.store (i32.const 2072) (i32.load (i32.const 1048)))
    (i64.store (i32.const 2076) (local.get $account))
    (drop (call $db_store_i64 (local.get $receiver) (i64.const NAME:account) (local.get $account)
      (local.get $next) (i32.const 2048) (i32.const 77)))
    (drop (call $db_idx256_store (local.get $receiver) (i64.const NAME:account) (local.get $account)
      (local.get $next) (i32.const 4096) (i32.const 2)))
    (drop (call $db_idx64_store (local.get $receiver) (i64.or (i64.const NAME:account) (i64.const 1))
      (local.get $account) (local.get $next) (i32.const 4200)))))
