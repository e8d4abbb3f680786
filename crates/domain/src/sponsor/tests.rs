//! Table tests for every rejection and property tests: random valid sponsored
//! transactions pass, and every mutation of one is rejected.

use proptest::prelude::*;

use super::*;
use crate::DomainError;

fn name(text: &str) -> Name {
    text.parse().unwrap()
}

fn level(actor: &str, permission: &str) -> PermissionLevel {
    PermissionLevel {
        actor: name(actor),
        permission: name(permission),
    }
}

fn tlos() -> Symbol {
    "4,TLOS".parse().unwrap()
}

fn config() -> SponsorConfig {
    SponsorConfig::public_sponsor(tlos())
}

fn signer() -> PermissionLevel {
    level("alice", "active")
}

fn noop() -> Action {
    Action {
        account: name("greymassnoop"),
        name: name("noop"),
        authorization: vec![level("greymassfuel", "cosign")],
        data: vec![],
    }
}

fn fee(amount: i64, from: &str, to: &str, symbol: &str) -> Action {
    let data = TransferData {
        from: name(from),
        to: name(to),
        quantity: Asset::new(amount, symbol.parse().unwrap()).unwrap(),
        memo: "TX FEE".into(),
    };
    Action {
        account: name("eosio.token"),
        name: name("transfer"),
        authorization: vec![signer()],
        data: data.encode(),
    }
}

fn valid_fee(amount: i64) -> Action {
    fee(amount, "alice", "fuel.gm", "4,TLOS")
}

fn ram(payer: &str, receiver: &str) -> Action {
    let data = BuyRamBytesData {
        payer: name(payer),
        receiver: name(receiver),
        bytes: 1400,
    };
    Action {
        account: name("eosio"),
        name: name("buyrambytes"),
        authorization: vec![level("greymassfuel", "cosign")],
        data: data.encode(),
    }
}

fn valid_ram() -> Action {
    ram("greymassfuel", "alice")
}

fn user_action(tag: u8) -> Action {
    Action {
        account: name("tandemdapp11"),
        name: name("doit"),
        authorization: vec![signer()],
        data: vec![tag, 1, 2, 3],
    }
}

fn verify(original: &[Action], returned: &[Action]) -> Result<SponsorCharges, DomainError> {
    verify_sponsored_transaction(original, returned, &signer(), &config())
}

#[test]
fn accepts_the_public_sponsor_layout_and_others() {
    let original = vec![user_action(1), user_action(2)];
    let (a, b) = (user_action(1), user_action(2));
    let layouts = [
        (vec![noop(), a.clone(), b.clone()], None, None),
        (
            vec![noop(), valid_fee(500), a.clone(), b.clone(), valid_ram()],
            Some(500),
            Some(1400),
        ),
        (
            vec![noop(), a.clone(), valid_ram(), b.clone(), valid_fee(1)],
            Some(1),
            Some(1400),
        ),
        (
            vec![noop(), valid_ram(), a.clone(), b.clone()],
            None,
            Some(1400),
        ),
        (vec![noop(), a, b, valid_fee(0)], Some(0), None),
    ];
    for (returned, fee_units, ram_bytes) in layouts {
        let charges = verify(&original, &returned).unwrap();
        assert_eq!(charges.fee.map(|f| f.amount), fee_units);
        assert_eq!(charges.ram_bytes, ram_bytes);
    }
}

#[test]
fn rejects_each_broken_rule() {
    let original = vec![user_action(1)];
    let a = user_action(1);
    let with = |extra: Action| vec![noop(), a.clone(), extra];
    let mut noop_with_data = noop();
    noop_with_data.data = vec![0];
    let mut noop_wrong_signer = noop();
    noop_wrong_signer.authorization = vec![level("greymassfuel", "active")];
    let mut noop_two_signers = noop();
    noop_two_signers.authorization.push(signer());
    let mut fee_signed_by_sponsor = valid_fee(10);
    fee_signed_by_sponsor.authorization = vec![level("greymassfuel", "cosign")];
    let mut ram_signed_by_user = valid_ram();
    ram_signed_by_user.authorization = vec![signer()];
    let mut changed = a.clone();
    changed.data[1] ^= 0xff;
    let mut truncated_fee = valid_fee(10);
    truncated_fee.data.pop();
    let cases: Vec<(Vec<Action>, DomainError)> = vec![
        (vec![], DomainError::SponsorNoopMissing),
        (vec![a.clone()], DomainError::SponsorNoopMissing),
        (vec![a.clone(), noop()], DomainError::SponsorNoopMissing),
        (
            vec![noop_wrong_signer, a.clone()],
            DomainError::SponsorNoopAuthorization,
        ),
        (
            vec![noop_two_signers, a.clone()],
            DomainError::SponsorNoopAuthorization,
        ),
        (
            vec![noop_with_data, a.clone()],
            DomainError::SponsorNoopData,
        ),
        (
            vec![noop()],
            DomainError::SponsorOriginalActionMismatch { index: 0 },
        ),
        (
            vec![noop(), changed],
            DomainError::SponsorOriginalActionMismatch { index: 0 },
        ),
        (
            with(user_action(9)),
            DomainError::SponsorAdditionalAction { index: 2 },
        ),
        (
            with(noop()),
            DomainError::SponsorAdditionalAction { index: 2 },
        ),
        (with(valid_fee(501)), DomainError::SponsorFeeExceedsMaximum),
        (
            with(fee(10, "alice", "fuel.gm2", "4,TLOS")),
            DomainError::SponsorFeeRecipient,
        ),
        (
            with(fee(10, "bob", "fuel.gm", "4,TLOS")),
            DomainError::SponsorFeePayer,
        ),
        (
            with(fee(10, "alice", "fuel.gm", "4,EOS")),
            DomainError::SponsorFeeToken,
        ),
        (
            with(fee(10, "alice", "fuel.gm", "8,TLOS")),
            DomainError::SponsorFeeToken,
        ),
        (
            with(fee(-10, "alice", "fuel.gm", "4,TLOS")),
            DomainError::SponsorFeeToken,
        ),
        (
            with(fee_signed_by_sponsor),
            DomainError::SponsorFeeAuthorization,
        ),
        (
            vec![noop(), valid_fee(1), a.clone(), valid_fee(1)],
            DomainError::SponsorDuplicateFee,
        ),
        (with(ram("alice", "alice")), DomainError::SponsorRamPayer),
        (
            with(ram("greymassfuel", "bob")),
            DomainError::SponsorRamReceiver,
        ),
        (
            with(ram_signed_by_user),
            DomainError::SponsorRamAuthorization,
        ),
        (
            vec![noop(), valid_ram(), a.clone(), valid_ram()],
            DomainError::SponsorDuplicateRam,
        ),
        (
            with(truncated_fee),
            DomainError::ActionDataInvalid("eosio.token::transfer".into()),
        ),
    ];
    for (returned, expected) in cases {
        let key = expected.code();
        assert_eq!(verify(&original, &returned), Err(expected), "{key}");
    }
}

#[test]
fn fee_cap_follows_the_configuration() {
    assert_eq!(config().max_fee.to_string(), "0.0500 TLOS");
    let mut generous = config();
    generous.max_fee = "0.1000 TLOS".parse().unwrap();
    let returned = vec![noop(), valid_fee(1000)];
    assert!(verify_sponsored_transaction(&[], &returned, &signer(), &generous).is_ok());
    assert_eq!(
        verify(&[], &returned),
        Err(DomainError::SponsorFeeExceedsMaximum)
    );
    assert_eq!(
        five_hundredths("8,WAX".parse().unwrap()).to_string(),
        "0.05000000 WAX"
    );
    assert_eq!(five_hundredths("0,RAW".parse().unwrap()).amount, 0);
}

/// A valid sponsored transaction: the originals plus an optional fee and RAM purchase
/// at random places after the no-op.
#[derive(Debug, Clone)]
struct Scenario {
    original: Vec<Action>,
    fee: Option<Action>,
    ram: Option<Action>,
    fee_at: prop::sample::Index,
    ram_at: prop::sample::Index,
}

impl Scenario {
    fn returned(&self) -> Vec<Action> {
        let mut actions = self.original.clone();
        if let Some(ram) = &self.ram {
            actions.insert(self.ram_at.index(actions.len() + 1), ram.clone());
        }
        if let Some(fee) = &self.fee {
            actions.insert(self.fee_at.index(actions.len() + 1), fee.clone());
        }
        actions.insert(0, noop());
        actions
    }

    fn verify(&self, returned: &[Action]) -> Result<SponsorCharges, DomainError> {
        verify(&self.original, returned)
    }
}

const CONTRACTS: [&str; 3] = ["tandemdapp11", "eosio.token", "swap.defi"];
const ACTIONS: [&str; 3] = ["doit", "transfer", "swap"];

fn scenario() -> impl Strategy<Value = Scenario> {
    let action = (
        0..CONTRACTS.len(),
        0..ACTIONS.len(),
        prop::collection::vec(any::<u8>(), 0..12),
    );
    (
        prop::collection::vec(action, 1..5),
        prop::option::of(0i64..=500),
        any::<bool>(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(specs, fee_units, with_ram, fee_at, ram_at)| Scenario {
            original: specs
                .into_iter()
                .zip(0u8..)
                .map(|((contract, action, data), tag)| Action {
                    account: name(CONTRACTS[contract]),
                    name: name(ACTIONS[action]),
                    authorization: vec![signer()],
                    // The leading tag keeps the originals distinct.
                    data: [vec![tag], data].concat(),
                })
                .collect(),
            fee: fee_units.map(valid_fee),
            ram: with_ram.then(valid_ram),
            fee_at,
            ram_at,
        })
}

fn other_name() -> impl Strategy<Value = Name> {
    any::<u64>().prop_map(Name::from_u64)
}

proptest! {
    #[test]
    fn valid_sponsored_transactions_pass(s in scenario()) {
        let charges = s.verify(&s.returned()).unwrap();
        prop_assert_eq!(charges.fee.is_some(), s.fee.is_some());
        prop_assert_eq!(charges.ram_bytes.is_some(), s.ram.is_some());
    }

    #[test]
    fn a_changed_data_byte_is_rejected(s in scenario(), which in any::<prop::sample::Index>(), at in any::<prop::sample::Index>(), flip in 1u8..) {
        let mut mutated = s.clone();
        let action = &mut mutated.original[which.index(s.original.len())];
        let byte = at.index(action.data.len());
        action.data[byte] ^= flip;
        let rejected = matches!(s.verify(&mutated.returned()), Err(DomainError::SponsorOriginalActionMismatch { .. }));
        prop_assert!(rejected);
    }

    #[test]
    fn a_changed_authorisation_is_rejected(s in scenario(), which in any::<prop::sample::Index>(), actor in other_name()) {
        prop_assume!(actor != signer().actor);
        let mut mutated = s.clone();
        mutated.original[which.index(s.original.len())].authorization[0].actor = actor;
        prop_assert!(s.verify(&mutated.returned()).is_err());
    }

    #[test]
    fn swapped_originals_are_rejected(s in scenario(), i in any::<prop::sample::Index>(), j in any::<prop::sample::Index>()) {
        let (i, j) = (i.index(s.original.len()), j.index(s.original.len()));
        prop_assume!(i != j);
        let mut mutated = s.clone();
        mutated.original.swap(i, j);
        let rejected = matches!(s.verify(&mutated.returned()), Err(DomainError::SponsorOriginalActionMismatch { .. }));
        prop_assert!(rejected);
    }

    #[test]
    fn a_dropped_original_is_rejected(s in scenario(), which in any::<prop::sample::Index>()) {
        let mut mutated = s.clone();
        mutated.original.remove(which.index(s.original.len()));
        let rejected = matches!(s.verify(&mutated.returned()), Err(DomainError::SponsorOriginalActionMismatch { .. }));
        prop_assert!(rejected);
    }

    #[test]
    fn an_extra_action_is_rejected(s in scenario(), at in any::<prop::sample::Index>(), contract in other_name(), data in prop::collection::vec(any::<u8>(), 0..40)) {
        prop_assume!(![name("eosio.token"), name("eosio")].contains(&contract));
        let mut returned = s.returned();
        let extra = Action { account: contract, name: name("doit"), authorization: vec![signer()], data };
        returned.insert(1 + at.index(returned.len()), extra);
        let rejected = matches!(s.verify(&returned), Err(DomainError::SponsorAdditionalAction { .. }));
        prop_assert!(rejected);
    }

    #[test]
    fn a_second_fee_is_rejected(s in scenario(), at in any::<prop::sample::Index>()) {
        let mut mutated = s.clone();
        mutated.fee = Some(valid_fee(1));
        let mut returned = mutated.returned();
        returned.insert(1 + at.index(returned.len()), valid_fee(1));
        prop_assert_eq!(s.verify(&returned), Err(DomainError::SponsorDuplicateFee));
    }

    #[test]
    fn a_higher_fee_is_rejected(s in scenario(), units in 501i64..(1 << 62)) {
        let mut mutated = s.clone();
        mutated.fee = Some(valid_fee(units));
        prop_assert_eq!(s.verify(&mutated.returned()), Err(DomainError::SponsorFeeExceedsMaximum));
    }

    #[test]
    fn another_fee_recipient_is_rejected(s in scenario(), recipient in other_name(), units in 0i64..=500) {
        prop_assume!(recipient != name("fuel.gm"));
        let mut mutated = s.clone();
        mutated.fee = Some(fee(units, "alice", &recipient.to_string(), "4,TLOS"));
        prop_assert_eq!(s.verify(&mutated.returned()), Err(DomainError::SponsorFeeRecipient));
    }

    #[test]
    fn another_ram_payer_is_rejected(s in scenario(), payer in other_name()) {
        prop_assume!(payer != name("greymassfuel"));
        let mut mutated = s.clone();
        mutated.ram = Some(ram(&payer.to_string(), "alice"));
        prop_assert_eq!(s.verify(&mutated.returned()), Err(DomainError::SponsorRamPayer));
    }

    #[test]
    fn another_ram_receiver_is_rejected(s in scenario(), receiver in other_name()) {
        prop_assume!(receiver != name("alice"));
        let mut mutated = s.clone();
        mutated.ram = Some(ram("greymassfuel", &receiver.to_string()));
        prop_assert_eq!(s.verify(&mutated.returned()), Err(DomainError::SponsorRamReceiver));
    }

    #[test]
    fn a_missing_noop_is_rejected(s in scenario()) {
        let mut returned = s.returned();
        returned.remove(0);
        prop_assert_eq!(s.verify(&returned), Err(DomainError::SponsorNoopMissing));
    }

    #[test]
    fn a_wrong_cosigner_is_rejected(s in scenario(), actor in other_name(), permission in other_name()) {
        let cosigner = PermissionLevel { actor, permission };
        prop_assume!(cosigner != config().cosign);
        let mut returned = s.returned();
        returned[0].authorization = vec![cosigner];
        prop_assert_eq!(s.verify(&returned), Err(DomainError::SponsorNoopAuthorization));
    }
}
