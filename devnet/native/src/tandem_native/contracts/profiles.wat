;; A minimal `profiles` contract: action `setprofile` stores its packed data as the row of table
;; `profiles` (scope = the contract) keyed by the first field, the account name, which must
;; authorise it. The row layout is the action's (see profiles.abi.json). NAME:x is replaced by the
;; 64-bit value of the Antelope name x before compiling.
(module
  (import "env" "action_data_size" (func $action_data_size (result i32)))
  (import "env" "read_action_data" (func $read_action_data (param i32 i32) (result i32)))
  (import "env" "require_auth" (func $require_auth (param i64)))
  (import "env" "eosio_assert" (func $eosio_assert (param i32 i32)))
  (import "env" "db_find_i64" (func $db_find_i64 (param i64 i64 i64 i64) (result i32)))
  (import "env" "db_store_i64" (func $db_store_i64 (param i64 i64 i64 i64 i32 i32) (result i32)))
  (import "env" "db_update_i64" (func $db_update_i64 (param i32 i64 i32 i32)))
  (memory 2)
  (data (i32.const 16) "profile data too short or too long\00")
  (func (export "apply") (param $receiver i64) (param $code i64) (param $action i64)
    (local $size i32) (local $owner i64) (local $itr i32)
    (if (i64.ne (local.get $code) (local.get $receiver)) (then (return)))
    (if (i64.ne (local.get $action) (i64.const NAME:setprofile)) (then (return)))
    (local.set $size (call $action_data_size))
    (call $eosio_assert
      (i32.and (i32.ge_u (local.get $size) (i32.const 8)) (i32.le_u (local.get $size) (i32.const 65536)))
      (i32.const 16))
    (drop (call $read_action_data (i32.const 1024) (local.get $size)))
    (local.set $owner (i64.load (i32.const 1024)))
    (call $require_auth (local.get $owner))
    (local.set $itr (call $db_find_i64 (local.get $receiver) (local.get $receiver)
      (i64.const NAME:profiles) (local.get $owner)))
    (if (i32.ge_s (local.get $itr) (i32.const 0))
      (then (call $db_update_i64 (local.get $itr) (local.get $owner) (i32.const 1024) (local.get $size)))
      (else (drop (call $db_store_i64 (local.get $receiver) (i64.const NAME:profiles)
        (local.get $owner) (local.get $owner) (i32.const 1024) (local.get $size)))))))
