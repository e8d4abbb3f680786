;; A devnet `eosio.evm`: the Telos EVM contract's `account` table and the actions that move TLOS
;; between a Telos account's native and EVM halves, with the real contract's names, arguments,
;; table layout and checks (as telosnetwork/leap-mock's telos.evm mock and the Telos wallet's
;; deposit/withdraw pages use them). No EVM runs here: the devnet EVM relay (relay.py) carries each
;; move to the EVM devnet and writes the EVM balances back through `devsetbal`.
;;
;; Row (77 bytes, code always empty here): index u64, address checksum160, account name (0 for a
;; row opened by `openwallet`), nonce u64, code bytes, balance checksum256 (wei, big-endian).
;; Indexes: primary `index`; secondary 2 `byaddress`, the address left-padded to 32 bytes, idx256;
;; secondary 3 `byaccount`, the linked account, idx64.
;;
;; Actions:
;; - create(account name, data string): a new keyless address linked to `account` (who pays).
;; - openwallet(account name, address checksum160): a row for `address`, linked to nobody.
;; - withdraw(to name, quantity asset): from the row linked to `to`, paid by an inline transfer.
;; - eosio.token::transfer notification: a deposit to the memo's address or the sender's row.
;; - devsetbal(address, expected checksum256, balance checksum256): DEVNET ONLY, the relay's
;;   compare-and-set of a row's balance; the real contract has nothing like it.
;; NAME:x is replaced by the 64-bit value of the Antelope name x before compiling.
(module
  (import "env" "action_data_size" (func $action_data_size (result i32)))
  (import "env" "read_action_data" (func $read_action_data (param i32 i32) (result i32)))
  (import "env" "require_auth" (func $require_auth (param i64)))
  (import "env" "eosio_assert" (func $eosio_assert (param i32 i32)))
  (import "env" "sha256" (func $sha256 (param i32 i32 i32)))
  (import "env" "send_inline" (func $send_inline (param i32 i32)))
  (import "env" "db_store_i64" (func $db_store_i64 (param i64 i64 i64 i64 i32 i32) (result i32)))
  (import "env" "db_update_i64" (func $db_update_i64 (param i32 i64 i32 i32)))
  (import "env" "db_get_i64" (func $db_get_i64 (param i32 i32 i32) (result i32)))
  (import "env" "db_find_i64" (func $db_find_i64 (param i64 i64 i64 i64) (result i32)))
  (import "env" "db_end_i64" (func $db_end_i64 (param i64 i64 i64) (result i32)))
  (import "env" "db_previous_i64" (func $db_previous_i64 (param i32 i32) (result i32)))
  (import "env" "db_idx64_store" (func $db_idx64_store (param i64 i64 i64 i64 i32) (result i32)))
  (import "env" "db_idx64_find_secondary" (func $db_idx64_find_secondary (param i64 i64 i64 i32 i32) (result i32)))
  (import "env" "db_idx256_store" (func $db_idx256_store (param i64 i64 i64 i64 i32 i32) (result i32)))
  (import "env" "db_idx256_find_secondary" (func $db_idx256_find_secondary (param i64 i64 i64 i32 i32 i32) (result i32)))
  (memory 1)
  (global $self (mut i64) (i64.const 0))
  (global $varuint_size (mut i32) (i32.const 0))

  ;; Messages, one 128-byte slot each (eosio_assert reads up to the zero byte).
  (data (i32.const 128) "openwallet takes an account and a 20-byte address\00")
  (data (i32.const 256) "this address already exists.\00")
  (data (i32.const 384) "an EVM account is already linked to this Telos account.\00")
  (data (i32.const 512) "Invalid Deposit\00")
  (data (i32.const 640) "You must first create an EVM account.\00")
  (data (i32.const 768) "the EVM address in the memo has no account row: open it with openwallet first\00")
  (data (i32.const 896) "withdraw takes a name and an asset\00")
  (data (i32.const 1024) "this Telos account has no linked EVM address: create one with create first\00")
  (data (i32.const 1152) "the linked EVM address holds less than the quantity to withdraw\00")
  (data (i32.const 1280) "withdraw takes TLOS with 4 decimals (4,TLOS)\00")
  (data (i32.const 1408) "the quantity to withdraw must be positive\00")
  (data (i32.const 1536) "devsetbal takes an address and two 32-byte balances\00")
  (data (i32.const 1664) "devsetbal: this address has no account row\00")
  (data (i32.const 1792) "devsetbal: the balance is not the expected one (it changed); read it again\00")
  (data (i32.const 1920) "create takes an account name and a data string of at most 16000 bytes\00")
  (data (i32.const 2048) "the balance would overflow 256 bits\00")
  (data (i32.const 2176) "Withdraw balance for: ")  ;; 22 bytes, the withdrawal's memo prefix
  (data (i32.const 2304) ".12345abcdefghijklmnopqrstuvwxyz")  ;; name characters by 5-bit value

  ;; Scratch: 3000 the row (balance at 3045); 3100 an address; 3200 the byaddress key as the
  ;; chain's idx256 holds it; 3240 the byaccount key; 3248 a primary key read back; 3300 a value
  ;; in wei (32 bytes, big-endian); 3400 a sha256; 3500 the inline action; 8192 the action data
  ;; (at most 16384 bytes); 24576 the hash input of `create`.

  (func $varuint (param $ptr i32) (result i32)
    (local $value i32) (local $shift i32) (local $byte i32) (local $i i32)
    (block $done
      (loop $next
        (local.set $byte (i32.load8_u (i32.add (local.get $ptr) (local.get $i))))
        (local.set $value (i32.or (local.get $value)
          (i32.shl (i32.and (local.get $byte) (i32.const 127)) (local.get $shift))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (local.set $shift (i32.add (local.get $shift) (i32.const 7)))
        (br_if $next (i32.and (i32.ge_u (local.get $byte) (i32.const 128)) (i32.lt_u (local.get $i) (i32.const 5))))))
    (global.set $varuint_size (local.get $i))
    (local.get $value))

  (func $read_data (param $min i32) (param $max i32) (param $message i32) (result i32)
    (local $size i32)
    (local.set $size (call $action_data_size))
    (call $eosio_assert (i32.and (i32.ge_u (local.get $size) (local.get $min))
      (i32.le_u (local.get $size) (local.get $max))) (local.get $message))
    (drop (call $read_action_data (i32.const 8192) (local.get $size)))
    (local.get $size))

  ;; The byaddress key of the 20-byte address at $src: left-padded with 12 zero bytes (32 bytes,
  ;; big-endian), held as two little-endian 128-bit words, so each 16-byte half is reversed.
  (func $address_key (param $src i32)
    (local $i i32)
    (i64.store (i32.const 3200) (i64.const 0))
    (i64.store (i32.const 3208) (i64.const 0))
    (i64.store (i32.const 3216) (i64.const 0))
    (i64.store (i32.const 3224) (i64.const 0))
    ;; padded byte p (12..31) = address byte p-12; its place is 3200 + 15 - p in the first half
    ;; (p < 16) and 3216 + 31 - p in the second.
    (local.set $i (i32.const 12))
    (block $done
      (loop $copy
        (br_if $done (i32.ge_u (local.get $i) (i32.const 32)))
        (i32.store8
          (if (result i32) (i32.lt_u (local.get $i) (i32.const 16))
            (then (i32.sub (i32.const 3215) (local.get $i)))
            (else (i32.sub (i32.const 3247) (local.get $i))))
          (i32.load8_u (i32.add (i32.sub (local.get $src) (i32.const 12)) (local.get $i))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $copy))))

  (func $find_by_address (param $src i32) (result i32)
    (call $address_key (local.get $src))
    (if (i32.lt_s (call $db_idx256_find_secondary (global.get $self) (global.get $self)
          (i64.const NAME:account) (i32.const 3200) (i32.const 2) (i32.const 3248)) (i32.const 0))
      (then (return (i32.const -1))))
    (call $db_find_i64 (global.get $self) (global.get $self) (i64.const NAME:account) (i64.load (i32.const 3248))))

  (func $find_by_account (param $account i64) (result i32)
    (i64.store (i32.const 3240) (local.get $account))
    (if (i32.lt_s (call $db_idx64_find_secondary (global.get $self) (global.get $self)
          (i64.or (i64.const NAME:account) (i64.const 1)) (i32.const 3240) (i32.const 3248)) (i32.const 0))
      (then (return (i32.const -1))))
    (call $db_find_i64 (global.get $self) (global.get $self) (i64.const NAME:account) (i64.load (i32.const 3248))))

  (func $read_row (param $itr i32)
    (drop (call $db_get_i64 (local.get $itr) (i32.const 3000) (i32.const 77))))

  (func $write_row (param $itr i32)
    (call $db_update_i64 (local.get $itr) (i64.const 0) (i32.const 3000) (i32.const 77)))

  ;; A new row for the address at $src, linked to $account (0: nobody), paid by $payer.
  (func $insert_row (param $payer i64) (param $src i32) (param $account i64)
    (local $next i64) (local $itr i32) (local $i i32)
    (call $eosio_assert (i32.lt_s (call $find_by_address (local.get $src)) (i32.const 0)) (i32.const 256))
    ;; The next index: one past the highest primary key (0 while the table does not exist: its
    ;; end iterator is then -1, which has no previous row).
    (local.set $itr (call $db_end_i64 (global.get $self) (global.get $self) (i64.const NAME:account)))
    (if (i32.ne (local.get $itr) (i32.const -1))
      (then
        (if (i32.ge_s (call $db_previous_i64 (local.get $itr) (i32.const 3248)) (i32.const 0))
          (then (local.set $next (i64.add (i64.load (i32.const 3248)) (i64.const 1)))))))
    ;; (eos-vm runs WebAssembly 1.0: no bulk memory instructions, so plain loads and stores.)
    (local.set $i (i32.const 3000))
    (block $zeroed
      (loop $zero
        (br_if $zeroed (i32.ge_u (local.get $i) (i32.const 3080)))
        (i64.store (local.get $i) (i64.const 0))
        (local.set $i (i32.add (local.get $i) (i32.const 8)))
        (br $zero)))
    (i64.store (i32.const 3000) (local.get $next))
    (i64.store (i32.const 3008) (i64.load (local.get $src)))
    (i64.store (i32.const 3016) (i64.load (i32.add (local.get $src) (i32.const 8))))
    (i32.store (i32.const 3024) (i32.load (i32.add (local.get $src) (i32.const 16))))
    (i64.store (i32.const 3028) (local.get $account))
    (drop (call $db_store_i64 (global.get $self) (i64.const NAME:account) (local.get $payer)
      (local.get $next) (i32.const 3000) (i32.const 77)))
    (call $address_key (i32.const 3008))
    (drop (call $db_idx256_store (global.get $self) (i64.const NAME:account) (local.get $payer)
      (local.get $next) (i32.const 3200) (i32.const 2)))
    (i64.store (i32.const 3240) (local.get $account))
    (drop (call $db_idx64_store (global.get $self) (i64.or (i64.const NAME:account) (i64.const 1))
      (local.get $payer) (local.get $next) (i32.const 3240))))

  ;; --- 256-bit big-endian numbers in memory ---

  ;; 3300 := $amount (TLOS units, 4 decimals) in wei: × 10^14.
  (func $wei_of (param $amount i64)
    (local $i i32) (local $round i32) (local $carry i32) (local $t i32)
    (i64.store (i32.const 3300) (i64.const 0))
    (i64.store (i32.const 3308) (i64.const 0))
    (i64.store (i32.const 3316) (i64.const 0))
    (i64.store (i32.const 3324) (i64.const 0))
    (local.set $i (i32.const 0))
    (block $stored
      (loop $byte
        (br_if $stored (i32.ge_u (local.get $i) (i32.const 8)))
        (i32.store8 (i32.sub (i32.const 3331) (local.get $i))
          (i32.wrap_i64 (i64.shr_u (local.get $amount) (i64.extend_i32_u (i32.shl (local.get $i) (i32.const 3))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $byte)))
    (block $multiplied
      (loop $times_ten
        (br_if $multiplied (i32.ge_u (local.get $round) (i32.const 14)))
        (local.set $carry (i32.const 0))
        (local.set $i (i32.const 31))
        (block $row_done
          (loop $digit
            (local.set $t (i32.add (i32.mul (i32.load8_u (i32.add (i32.const 3300) (local.get $i))) (i32.const 10))
              (local.get $carry)))
            (i32.store8 (i32.add (i32.const 3300) (local.get $i)) (local.get $t))
            (local.set $carry (i32.shr_u (local.get $t) (i32.const 8)))
            (br_if $row_done (i32.eqz (local.get $i)))
            (local.set $i (i32.sub (local.get $i) (i32.const 1)))
            (br $digit)))
        (local.set $round (i32.add (local.get $round) (i32.const 1)))
        (br $times_ten))))

  (func $add256 (param $dst i32) (param $src i32)
    (local $i i32) (local $carry i32) (local $t i32)
    (local.set $i (i32.const 31))
    (block $done
      (loop $byte
        (local.set $t (i32.add (i32.add (i32.load8_u (i32.add (local.get $dst) (local.get $i)))
          (i32.load8_u (i32.add (local.get $src) (local.get $i)))) (local.get $carry)))
        (i32.store8 (i32.add (local.get $dst) (local.get $i)) (local.get $t))
        (local.set $carry (i32.shr_u (local.get $t) (i32.const 8)))
        (br_if $done (i32.eqz (local.get $i)))
        (local.set $i (i32.sub (local.get $i) (i32.const 1)))
        (br $byte)))
    (call $eosio_assert (i32.eqz (local.get $carry)) (i32.const 2048)))

  ;; $dst -= $src; the caller has checked that $src is not larger.
  (func $sub256 (param $dst i32) (param $src i32)
    (local $i i32) (local $borrow i32) (local $t i32)
    (local.set $i (i32.const 31))
    (block $done
      (loop $byte
        (local.set $t (i32.sub (i32.sub (i32.load8_u (i32.add (local.get $dst) (local.get $i)))
          (i32.load8_u (i32.add (local.get $src) (local.get $i)))) (local.get $borrow)))
        (local.set $borrow (i32.lt_s (local.get $t) (i32.const 0)))
        (i32.store8 (i32.add (local.get $dst) (local.get $i)) (local.get $t))  ;; low 8 bits = t mod 256
        (br_if $done (i32.eqz (local.get $i)))
        (local.set $i (i32.sub (local.get $i) (i32.const 1)))
        (br $byte))))

  ;; -1, 0 or 1 as $a is below, equal to or above $b.
  (func $compare256 (param $a i32) (param $b i32) (result i32)
    (local $i i32) (local $x i32) (local $y i32)
    (block $done
      (loop $byte
        (br_if $done (i32.ge_u (local.get $i) (i32.const 32)))
        (local.set $x (i32.load8_u (i32.add (local.get $a) (local.get $i))))
        (local.set $y (i32.load8_u (i32.add (local.get $b) (local.get $i))))
        (if (i32.lt_u (local.get $x) (local.get $y)) (then (return (i32.const -1))))
        (if (i32.gt_u (local.get $x) (local.get $y)) (then (return (i32.const 1))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $byte)))
    (i32.const 0))

  ;; A hex digit's value, or -1.
  (func $hex (param $c i32) (result i32)
    (if (i32.and (i32.ge_u (local.get $c) (i32.const 48)) (i32.le_u (local.get $c) (i32.const 57)))
      (then (return (i32.sub (local.get $c) (i32.const 48)))))
    (local.set $c (i32.or (local.get $c) (i32.const 32)))  ;; lower case
    (if (i32.and (i32.ge_u (local.get $c) (i32.const 97)) (i32.le_u (local.get $c) (i32.const 102)))
      (then (return (i32.sub (local.get $c) (i32.const 87)))))
    (i32.const -1))

  ;; Parses "0x" + 40 hex digits at $ptr ($len bytes) into the address at 3100; 0 if it is not one.
  (func $parse_address (param $ptr i32) (param $len i32) (result i32)
    (local $i i32) (local $high i32) (local $low i32)
    (if (i32.ne (local.get $len) (i32.const 42)) (then (return (i32.const 0))))
    (if (i32.ne (i32.load16_u (local.get $ptr)) (i32.const 0x7830)) (then (return (i32.const 0))))  ;; "0x"
    (block $done
      (loop $byte
        (br_if $done (i32.ge_u (local.get $i) (i32.const 20)))
        (local.set $high (call $hex (i32.load8_u (i32.add (local.get $ptr) (i32.add (i32.const 2) (i32.shl (local.get $i) (i32.const 1)))))))
        (local.set $low (call $hex (i32.load8_u (i32.add (local.get $ptr) (i32.add (i32.const 3) (i32.shl (local.get $i) (i32.const 1)))))))
        (if (i32.or (i32.lt_s (local.get $high) (i32.const 0)) (i32.lt_s (local.get $low) (i32.const 0)))
          (then (return (i32.const 0))))
        (i32.store8 (i32.add (i32.const 3100) (local.get $i))
          (i32.or (i32.shl (local.get $high) (i32.const 4)) (local.get $low)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $byte)))
    (i32.const 1))

  ;; Writes the text of name $value at $dst; returns its length (trailing dots dropped).
  (func $name_text (param $value i64) (param $dst i32) (result i32)
    (local $i i32) (local $len i32)
    (block $done
      (loop $char
        (br_if $done (i32.gt_u (local.get $i) (i32.const 12)))
        (i32.store8 (i32.add (local.get $dst) (i32.sub (i32.const 12) (local.get $i)))
          (i32.load8_u (i32.add (i32.const 2304) (i32.wrap_i64 (i64.and (local.get $value)
            (if (result i64) (i32.eqz (local.get $i)) (then (i64.const 15)) (else (i64.const 31))))))))
        (local.set $value (i64.shr_u (local.get $value)
          (if (result i64) (i32.eqz (local.get $i)) (then (i64.const 4)) (else (i64.const 5)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $char)))
    (local.set $len (i32.const 13))
    (block $trimmed
      (loop $trim
        (br_if $trimmed (i32.eqz (local.get $len)))
        (br_if $trimmed (i32.ne (i32.load8_u (i32.add (local.get $dst) (i32.sub (local.get $len) (i32.const 1))))
          (i32.const 46)))
        (local.set $len (i32.sub (local.get $len) (i32.const 1)))
        (br $trim)))
    (local.get $len))

  ;; --- actions ---

  ;; create(account, data): the address is the last 20 bytes of sha256(account's 8 bytes, as
  ;; serialized, then data's bytes). That is the devnet's own rule: the real contract derives
  ;; its keyless addresses otherwise; what matters here is that nobody holds a key for them.
  (func $create
    (local $account i64) (local $length i32) (local $start i32) (local $i i32)
    (drop (call $read_data (i32.const 9) (i32.const 16016) (i32.const 1920)))
    (local.set $account (i64.load (i32.const 8192)))
    (call $require_auth (local.get $account))
    (local.set $length (call $varuint (i32.const 8200)))
    (local.set $start (i32.add (i32.const 8200) (global.get $varuint_size)))
    (call $eosio_assert (i32.and (i32.le_u (local.get $length) (i32.const 16000))
      (i32.le_u (i32.add (local.get $start) (local.get $length))
        (i32.add (i32.const 8192) (call $action_data_size)))) (i32.const 1920))
    (call $eosio_assert (i32.lt_s (call $find_by_account (local.get $account)) (i32.const 0)) (i32.const 384))
    (i64.store (i32.const 24576) (local.get $account))
    (block $copied
      (loop $byte
        (br_if $copied (i32.ge_u (local.get $i) (local.get $length)))
        (i32.store8 (i32.add (i32.const 24584) (local.get $i))
          (i32.load8_u (i32.add (local.get $start) (local.get $i))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $byte)))
    (call $sha256 (i32.const 24576) (i32.add (i32.const 8) (local.get $length)) (i32.const 3400))
    (call $insert_row (local.get $account) (i32.const 3412) (local.get $account)))

  ;; openwallet(account, address): a row for the address, linked to no account; `account` pays.
  (func $openwallet
    (local $account i64)
    (drop (call $read_data (i32.const 28) (i32.const 28) (i32.const 128)))
    (local.set $account (i64.load (i32.const 8192)))
    (call $require_auth (local.get $account))
    (call $insert_row (local.get $account) (i32.const 8200) (i64.const 0)))

  ;; withdraw(to, quantity): debits the row linked to `to`, pays `to` by an inline transfer.
  (func $withdraw
    (local $to i64) (local $amount i64) (local $itr i32) (local $length i32) (local $i i32)
    (drop (call $read_data (i32.const 24) (i32.const 24) (i32.const 896)))
    (local.set $to (i64.load (i32.const 8192)))
    (local.set $amount (i64.load (i32.const 8200)))
    (call $require_auth (local.get $to))
    (call $eosio_assert (i64.eq (i64.load (i32.const 8208)) (i64.const 357812687876)) (i32.const 1280))  ;; 4,TLOS
    (call $eosio_assert (i64.gt_s (local.get $amount) (i64.const 0)) (i32.const 1408))
    (local.set $itr (call $find_by_account (local.get $to)))
    (call $eosio_assert (i32.ge_s (local.get $itr) (i32.const 0)) (i32.const 1024))
    (call $read_row (local.get $itr))
    (call $wei_of (local.get $amount))
    (call $eosio_assert (i32.ge_s (call $compare256 (i32.const 3045) (i32.const 3300)) (i32.const 0)) (i32.const 1152))
    (call $sub256 (i32.const 3045) (i32.const 3300))
    (call $write_row (local.get $itr))

    ;; eosio.token::transfer{from: eosio.evm, to, quantity, memo} as eosio.evm@active, packed:
    ;; account, name, [authorization], data (varuint size, then the bytes).
    (i64.store (i32.const 3500) (i64.const NAME:eosio.token))
    (i64.store (i32.const 3508) (i64.const NAME:transfer))
    (i32.store8 (i32.const 3516) (i32.const 1))
    (i64.store (i32.const 3517) (global.get $self))
    (i64.store (i32.const 3525) (i64.const NAME:active))
    (i64.store (i32.const 3534) (global.get $self))
    (i64.store (i32.const 3542) (local.get $to))
    (i64.store (i32.const 3550) (local.get $amount))
    (i64.store (i32.const 3558) (i64.load (i32.const 8208)))
    (block $copied
      (loop $byte
        (br_if $copied (i32.ge_u (local.get $i) (i32.const 22)))
        (i32.store8 (i32.add (i32.const 3567) (local.get $i)) (i32.load8_u (i32.add (i32.const 2176) (local.get $i))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $byte)))
    (local.set $length (i32.add (i32.const 22) (call $name_text (local.get $to) (i32.const 3589))))
    (i32.store8 (i32.const 3566) (local.get $length))  ;; at most 35: one varuint byte
    (i32.store8 (i32.const 3533) (i32.add (i32.const 33) (local.get $length)))  ;; at most 68
    (call $send_inline (i32.const 3500) (i32.add (i32.const 67) (local.get $length))))

  ;; DEVNET ONLY. devsetbal(address, expected, balance): eosio.evm sets a row's balance, only if it
  ;; still is `expected`, so the relay's mirror never overwrites a move that landed in between.
  (func $devsetbal
    (local $itr i32)
    (drop (call $read_data (i32.const 84) (i32.const 84) (i32.const 1536)))
    (call $require_auth (global.get $self))
    (local.set $itr (call $find_by_address (i32.const 8192)))
    (call $eosio_assert (i32.ge_s (local.get $itr) (i32.const 0)) (i32.const 1664))
    (call $read_row (local.get $itr))
    (call $eosio_assert (i32.eqz (call $compare256 (i32.const 3045) (i32.const 8212))) (i32.const 1792))
    (i64.store (i32.const 3045) (i64.load (i32.const 8244)))
    (i64.store (i32.const 3053) (i64.load (i32.const 8252)))
    (i64.store (i32.const 3061) (i64.load (i32.const 8260)))
    (i64.store (i32.const 3069) (i64.load (i32.const 8268)))
    (call $write_row (local.get $itr)))

  ;; The eosio.token::transfer notification: a deposit. Transfers from eosio.evm itself and from
  ;; the system accounts are left alone; anything else must be TLOS sent to eosio.evm. The memo's
  ;; address (0x + 40 hex digits) is credited, else the sender's linked row.
  (func $deposit
    (local $from i64) (local $itr i32) (local $memo_length i32)
    (drop (call $read_data (i32.const 33) (i32.const 16384) (i32.const 512)))
    (local.set $from (i64.load (i32.const 8192)))
    (if (i32.or (i32.or (i64.eq (local.get $from) (global.get $self)) (i64.eq (local.get $from) (i64.const NAME:eosio)))
          (i32.or (i64.eq (local.get $from) (i64.const NAME:eosio.ram)) (i64.eq (local.get $from) (i64.const NAME:eosio.stake))))
      (then (return)))
    (call $eosio_assert (i32.and (i64.eq (i64.load (i32.const 8200)) (global.get $self))
      (i64.eq (i64.load (i32.const 8216)) (i64.const 357812687876))) (i32.const 512))
    (local.set $memo_length (call $varuint (i32.const 8224)))
    (if (call $parse_address (i32.add (i32.const 8224) (global.get $varuint_size)) (local.get $memo_length))
      (then
        (local.set $itr (call $find_by_address (i32.const 3100)))
        (call $eosio_assert (i32.ge_s (local.get $itr) (i32.const 0)) (i32.const 768)))
      (else
        (local.set $itr (call $find_by_account (local.get $from)))
        (call $eosio_assert (i32.ge_s (local.get $itr) (i32.const 0)) (i32.const 640))))
    (call $read_row (local.get $itr))
    (call $wei_of (i64.load (i32.const 8208)))
    (call $add256 (i32.const 3045) (i32.const 3300))
    (call $write_row (local.get $itr)))

  (func (export "apply") (param $receiver i64) (param $code i64) (param $action i64)
    (global.set $self (local.get $receiver))
    (if (i64.eq (local.get $code) (local.get $receiver))
      (then
        (if (i64.eq (local.get $action) (i64.const NAME:create)) (then (call $create) (return)))
        (if (i64.eq (local.get $action) (i64.const NAME:openwallet)) (then (call $openwallet) (return)))
        (if (i64.eq (local.get $action) (i64.const NAME:withdraw)) (then (call $withdraw) (return)))
        (if (i64.eq (local.get $action) (i64.const NAME:devsetbal)) (then (call $devsetbal) (return)))
        (return)))
    (if (i32.and (i64.eq (local.get $code) (i64.const NAME:eosio.token)) (i64.eq (local.get $action) (i64.const NAME:transfer)))
      (then (call $deposit)))))
