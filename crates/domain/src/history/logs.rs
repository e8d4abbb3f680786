//! Token transfer events in raw EVM logs.
//!
//! Recognised by the full topic hash whose 4-byte prefixes the spec lists (§9):
//! `0xddf252ad` `Transfer(address,address,uint256)` — ERC-20 with 3 topics (value in
//! data), ERC-721 with 4 (token id as topic 3); `0xc3d58168` `TransferSingle` and
//! `0x4a39dc06` `TransferBatch` of ERC-1155. The spec's other two prefixes, `0xa9059cbb`
//! (`transfer(address,uint256)`) and `0xf242432a` (`safeTransferFrom(address,address,
//! uint256,uint256,bytes)`), are function selectors, used for the action name when the
//! caller has no decoded function name.

use alloy_primitives::{Address, B256, U256, b256};

use crate::DomainError;
use crate::nft::NftStandard;

/// `keccak256("Transfer(address,address,uint256)")`.
pub const TRANSFER_TOPIC: B256 =
    b256!("ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef");
/// `keccak256("TransferSingle(address,address,address,uint256,uint256)")`.
pub const TRANSFER_SINGLE_TOPIC: B256 =
    b256!("c3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62");
/// `keccak256("TransferBatch(address,address,address,uint256[],uint256[])")`.
pub const TRANSFER_BATCH_TOPIC: B256 =
    b256!("4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb");
/// Selector of ERC-20 `transfer(address,uint256)`.
pub const ERC20_TRANSFER_SELECTOR: [u8; 4] = [0xa9, 0x05, 0x9c, 0xbb];
/// Selector of ERC-1155 `safeTransferFrom(address,address,uint256,uint256,bytes)`.
pub const ERC1155_SAFE_TRANSFER_SELECTOR: [u8; 4] = [0xf2, 0x42, 0x43, 0x2a];

/// One raw log of a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawLog {
    /// The emitting contract.
    pub address: Address,
    /// The topics, signature first.
    pub topics: Vec<B256>,
    /// The unindexed data.
    pub data: Vec<u8>,
}

/// A token movement read from a log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransferEvent {
    /// An ERC-20 transfer.
    Fungible {
        /// Token contract.
        contract: Address,
        /// Sender.
        from: Address,
        /// Recipient.
        to: Address,
        /// Smallest units moved.
        value: U256,
    },
    /// An ERC-721 or ERC-1155 transfer of one token id.
    Nft {
        /// Collection contract.
        contract: Address,
        /// Sender.
        from: Address,
        /// Recipient.
        to: Address,
        /// Token id.
        token_id: U256,
        /// How many (1 for ERC-721).
        quantity: U256,
        /// The standard.
        standard: NftStandard,
    },
}

impl TransferEvent {
    /// Sender and recipient.
    #[must_use]
    pub fn parties(&self) -> (Address, Address) {
        match self {
            Self::Fungible { from, to, .. } | Self::Nft { from, to, .. } => (*from, *to),
        }
    }
}

impl super::RawTransaction {
    /// Every transfer the transaction logged, in log order; a malformed transfer log is
    /// skipped (it moved nothing a reader can trust).
    pub fn transfer_events(&self) -> impl Iterator<Item = TransferEvent> + '_ {
        self.logs
            .iter()
            .filter_map(|log| decode_transfer_log(log).ok())
            .flatten()
    }
}

/// The transfers in one log: empty for any other event.
///
/// # Errors
/// [`DomainError::LogDataInvalid`] when a transfer signature comes with topics or data of
/// the wrong shape.
pub fn decode_transfer_log(log: &RawLog) -> Result<Vec<TransferEvent>, DomainError> {
    let invalid = || DomainError::LogDataInvalid(log.address.to_checksum(None));
    let contract = log.address;
    let word = |index: usize| -> Result<U256, DomainError> {
        let bytes = log
            .data
            .get(index * 32..(index + 1) * 32)
            .ok_or_else(invalid)?;
        Ok(U256::from_be_slice(bytes))
    };
    let topic_address = |topic: &B256| Address::from_word(*topic);
    match (log.topics.first(), log.topics.as_slice()) {
        (Some(&TRANSFER_TOPIC), [_, from, to]) if log.data.len() == 32 => {
            Ok(vec![TransferEvent::Fungible {
                contract,
                from: topic_address(from),
                to: topic_address(to),
                value: word(0)?,
            }])
        }
        (Some(&TRANSFER_TOPIC), [_, from, to, id]) => Ok(vec![TransferEvent::Nft {
            contract,
            from: topic_address(from),
            to: topic_address(to),
            token_id: U256::from_be_bytes(id.0),
            quantity: U256::from(1u8),
            standard: NftStandard::Erc721,
        }]),
        (Some(&TRANSFER_SINGLE_TOPIC), [_, _operator, from, to]) if log.data.len() == 64 => {
            Ok(vec![TransferEvent::Nft {
                contract,
                from: topic_address(from),
                to: topic_address(to),
                token_id: word(0)?,
                quantity: word(1)?,
                standard: NftStandard::Erc1155,
            }])
        }
        (Some(&TRANSFER_BATCH_TOPIC), [_, _operator, from, to]) => {
            let ids = dynamic_array(&log.data, 0).ok_or_else(invalid)?;
            let quantities = dynamic_array(&log.data, 1).ok_or_else(invalid)?;
            if ids.len() != quantities.len() {
                return Err(invalid());
            }
            let (from, to) = (topic_address(from), topic_address(to));
            Ok(ids
                .into_iter()
                .zip(quantities)
                .map(|(token_id, quantity)| TransferEvent::Nft {
                    contract,
                    from,
                    to,
                    token_id,
                    quantity,
                    standard: NftStandard::Erc1155,
                })
                .collect())
        }
        (Some(topic), _)
            if [TRANSFER_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC].contains(topic) =>
        {
            Err(invalid())
        }
        _ => Ok(Vec::new()),
    }
}

/// The ABI-encoded `uint256[]` whose offset is head word `slot`, bounds-checked.
fn dynamic_array(data: &[u8], slot: usize) -> Option<Vec<U256>> {
    let read = |at: usize| -> Option<U256> {
        let end = at.checked_add(32)?;
        data.get(at..end).map(U256::from_be_slice)
    };
    let offset = usize::try_from(read(slot * 32)?).ok()?;
    let length = usize::try_from(read(offset)?).ok()?;
    // Every element needs 32 bytes; refuse lengths the data cannot hold before allocating.
    if length > data.len() / 32 {
        return None;
    }
    (0..length)
        .map(|i| read(offset.checked_add(32)?.checked_add(i.checked_mul(32)?)?))
        .collect()
}

#[cfg(test)]
mod tests {
    use alloy_primitives::keccak256;
    use proptest::prelude::*;

    use super::*;

    fn word(value: u64) -> [u8; 32] {
        U256::from(value).to_be_bytes()
    }

    fn topic(address: Address) -> B256 {
        address.into_word()
    }

    #[test]
    fn topics_and_selectors_are_the_signature_hashes() {
        assert_eq!(
            keccak256("Transfer(address,address,uint256)"),
            TRANSFER_TOPIC
        );
        assert_eq!(
            keccak256("TransferSingle(address,address,address,uint256,uint256)"),
            TRANSFER_SINGLE_TOPIC
        );
        assert_eq!(
            keccak256("TransferBatch(address,address,address,uint256[],uint256[])"),
            TRANSFER_BATCH_TOPIC
        );
        assert_eq!(
            keccak256("transfer(address,uint256)")[..4],
            ERC20_TRANSFER_SELECTOR
        );
        assert_eq!(
            keccak256("safeTransferFrom(address,address,uint256,uint256,bytes)")[..4],
            ERC1155_SAFE_TRANSFER_SELECTOR
        );
    }

    #[test]
    fn decodes_each_transfer_kind() {
        let (c, a, b, op) = (
            Address::repeat_byte(0xcc),
            Address::repeat_byte(0xaa),
            Address::repeat_byte(0xbb),
            Address::repeat_byte(1),
        );
        let erc20 = RawLog {
            address: c,
            topics: vec![TRANSFER_TOPIC, topic(a), topic(b)],
            data: word(500).to_vec(),
        };
        assert_eq!(
            decode_transfer_log(&erc20).unwrap(),
            [TransferEvent::Fungible {
                contract: c,
                from: a,
                to: b,
                value: U256::from(500u16)
            }]
        );
        let erc721 = RawLog {
            address: c,
            topics: vec![TRANSFER_TOPIC, topic(a), topic(b), B256::from(word(7))],
            data: vec![],
        };
        assert_eq!(
            decode_transfer_log(&erc721).unwrap(),
            [TransferEvent::Nft {
                contract: c,
                from: a,
                to: b,
                token_id: U256::from(7u8),
                quantity: U256::from(1u8),
                standard: NftStandard::Erc721
            }]
        );
        let single = RawLog {
            address: c,
            topics: vec![TRANSFER_SINGLE_TOPIC, topic(op), topic(a), topic(b)],
            data: [word(9), word(3)].concat(),
        };
        assert_eq!(
            decode_transfer_log(&single).unwrap(),
            [TransferEvent::Nft {
                contract: c,
                from: a,
                to: b,
                token_id: U256::from(9u8),
                quantity: U256::from(3u8),
                standard: NftStandard::Erc1155
            }]
        );
        // ids at offset 0x40: [1, 2]; values at offset 0xa0: [10, 20].
        let batch_data = [
            word(0x40),
            word(0xa0),
            word(2),
            word(1),
            word(2),
            word(2),
            word(10),
            word(20),
        ]
        .concat();
        let batch = RawLog {
            address: c,
            topics: vec![TRANSFER_BATCH_TOPIC, topic(op), topic(a), topic(b)],
            data: batch_data,
        };
        let moved: Vec<(U256, U256)> = decode_transfer_log(&batch)
            .unwrap()
            .into_iter()
            .map(|e| match e {
                TransferEvent::Nft {
                    token_id, quantity, ..
                } => (token_id, quantity),
                TransferEvent::Fungible { .. } => unreachable!(),
            })
            .collect();
        assert_eq!(
            moved,
            [
                (U256::from(1u8), U256::from(10u8)),
                (U256::from(2u8), U256::from(20u8))
            ]
        );
    }

    #[test]
    fn other_events_are_ignored_and_malformed_transfers_rejected() {
        let c = Address::repeat_byte(0xcc);
        let approval = RawLog {
            address: c,
            topics: vec![B256::repeat_byte(1)],
            data: vec![],
        };
        assert_eq!(decode_transfer_log(&approval).unwrap(), []);
        let no_topics = RawLog {
            address: c,
            topics: vec![],
            data: vec![],
        };
        assert_eq!(decode_transfer_log(&no_topics).unwrap(), []);
        let malformed = [
            RawLog {
                address: c,
                topics: vec![TRANSFER_TOPIC, B256::ZERO, B256::ZERO],
                data: vec![0; 31],
            },
            RawLog {
                address: c,
                topics: vec![TRANSFER_TOPIC, B256::ZERO],
                data: vec![0; 32],
            },
            RawLog {
                address: c,
                topics: vec![TRANSFER_SINGLE_TOPIC, B256::ZERO, B256::ZERO, B256::ZERO],
                data: vec![0; 32],
            },
            RawLog {
                address: c,
                topics: vec![TRANSFER_BATCH_TOPIC, B256::ZERO, B256::ZERO, B256::ZERO],
                data: [word(0x40), word(0xffff_ffff)].concat(),
            },
            RawLog {
                address: c,
                topics: vec![TRANSFER_BATCH_TOPIC, B256::ZERO, B256::ZERO, B256::ZERO],
                data: [word(0x40), word(0x60), word(1000), word(0)].concat(),
            },
        ];
        for log in malformed {
            assert_eq!(
                decode_transfer_log(&log).unwrap_err().code(),
                "antelope.utils.error_parsing_log_event",
                "{log:?}"
            );
        }
    }

    proptest! {
        #[test]
        fn arbitrary_batch_data_never_panics(data in prop::collection::vec(any::<u8>(), 0..300)) {
            let log = RawLog { address: Address::ZERO, topics: vec![TRANSFER_BATCH_TOPIC, B256::ZERO, B256::ZERO, B256::ZERO], data };
            let _ = decode_transfer_log(&log);
        }
    }
}
