//! The Blockscout client's NFT, holder, contract, transaction and price routes against
//! the recorded answers of both API generations.

use alloy_primitives::{Address, U256};
use tandem_domain::nft::NftStandard;
use tandem_evm::EvmSource;
use tandem_evm::source::{HolderQuery, PageRequest};

use crate::blockscout_support::{GENERATIONS, route, serve, tx};
use crate::teloscan_support::addr;
use crate::teloscan_support::addresses::*;

fn page(offset: u64, limit: u64) -> PageRequest {
    PageRequest { offset, limit }
}

#[tokio::test]
async fn nfts_of_an_account_and_of_a_collection_in_both_generations() {
    for generation in GENERATIONS {
        let owned = format!("addresses/{ALICE}/nft");
        let collection = format!("tokens/{}", NFT721.to_lowercase());
        let mut owned2 = route(generation, &owned, "nft_erc721_page2")
            .when("type=ERC-721")
            .when("token_id=18")
            .when("token_type=ERC-721");
        if generation == "v11" {
            owned2 = owned2.when("items_count=50");
        }
        let (_server, client) = serve(vec![
            owned2,
            route(generation, &owned, "nft_erc721").when("type=ERC-721"),
            route(generation, &owned, "nft_erc1155").when("type=ERC-1155"),
            route(generation, &collection, "token_721"),
            route(
                generation,
                &format!("{collection}/instances/17"),
                "instance",
            ),
            route(
                generation,
                &format!("{collection}/instances"),
                "instances_page2",
            )
            .when("unique_token=2"),
            route(
                generation,
                &format!("{collection}/instances"),
                "instances_page1",
            ),
        ])
        .await;
        let mine = client
            .nfts_owned(addr(ALICE), NftStandard::Erc721, page(0, 10))
            .await
            .unwrap();
        let ids: Vec<U256> = mine.iter().map(|n| n.token_id).collect();
        assert_eq!(ids, [17, 18, 99].map(U256::from));
        assert!(mine[0].metadata.as_deref().unwrap().contains("Punk #17"));
        assert_eq!(mine[1].metadata, None);
        assert_eq!(mine[2].metadata.as_deref(), Some("not json at all"));
        assert!(
            mine.iter()
                .all(|n| n.owner == Some(addr(ALICE)) && n.contract == addr(NFT721))
        );
        let second_page = client
            .nfts_owned(addr(ALICE), NftStandard::Erc721, page(2, 10))
            .await
            .unwrap();
        assert_eq!(second_page.len(), 1);

        let items = client
            .nfts_owned(addr(ALICE), NftStandard::Erc1155, page(0, 10))
            .await
            .unwrap();
        let amounts: Vec<(U256, U256)> = items.iter().map(|n| (n.token_id, n.amount)).collect();
        assert_eq!(
            amounts,
            vec![
                (U256::from(1), U256::from(5)),
                (U256::from(2), U256::from(3))
            ]
        );

        let all = client
            .collection_nfts(addr(NFT721), None, page(0, 10))
            .await
            .unwrap();
        let owners: Vec<(U256, Option<Address>)> =
            all.iter().map(|n| (n.token_id, n.owner)).collect();
        assert_eq!(
            owners,
            vec![
                (U256::from(1), Some(addr(BOB))),
                (U256::from(2), Some(addr(ALICE))),
                (U256::from(3), Some(addr(BOB))),
            ],
            "{generation}: v12 rows without `token` take the collection's"
        );
        assert!(all.iter().all(|n| n.standard == NftStandard::Erc721));
        let one = client
            .collection_nfts(addr(NFT721), Some(U256::from(17)), page(0, 1))
            .await
            .unwrap();
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].owner, Some(addr(ALICE)));
    }
}

#[tokio::test]
async fn holders_contracts_transactions_and_prices() {
    for generation in GENERATIONS {
        let token = format!("tokens/{}", WTLOS.to_lowercase());
        let mut holders2 = route(generation, &format!("{token}/holders"), "holders_page2")
            .when("address_hash=0x9f3e2c1b0a99887766554433221100ffeeddccbb");
        if generation == "v11" {
            holders2 = holders2.when("items_count=50");
        }
        let collection = format!("tokens/{}", NFT1155.to_lowercase());
        let (_server, client) = serve(vec![
            holders2,
            route(generation, &format!("{token}/holders"), "holders"),
            route(
                generation,
                &format!("{collection}/instances/1/holders"),
                "instance_holders",
            ),
            route(
                generation,
                &format!("addresses/{ALICE}/tokens"),
                "tokens_all",
            ),
            route(
                generation,
                &format!("addresses/{}", WTLOS.to_lowercase()),
                "address_contract",
            ),
            route(generation, &format!("addresses/{ALICE}"), "address"),
            route(
                generation,
                &format!("smart-contracts/{}", WTLOS.to_lowercase()),
                "smart_contract",
            ),
            route(
                generation,
                &format!("transactions/{}", tx(4)),
                "transaction",
            ),
            route(
                generation,
                &format!("transactions/{}/logs", tx(4)),
                "transaction_logs",
            ),
            route(generation, &token, "token_wtlos"),
            route(generation, "stats", "stats"),
        ])
        .await;
        let holders = client
            .token_holders(addr(WTLOS), &HolderQuery::All { limit: 3 })
            .await
            .unwrap();
        let who: Vec<Address> = holders.iter().map(|h| h.address).collect();
        assert_eq!(who, vec![addr(ALICE), addr(BOB), addr(ROUTER)]);
        let of_id = client
            .token_holders(
                addr(NFT1155),
                &HolderQuery::TokenId {
                    token_id: U256::from(1),
                    limit: 10,
                },
            )
            .await
            .unwrap();
        assert_eq!(of_id.len(), 2);
        assert_eq!(of_id[0].token_id, Some(U256::from(1)));
        let held = client
            .token_holders(addr(NFT1155), &HolderQuery::Account(addr(ALICE)))
            .await
            .unwrap();
        let ids: Vec<(Option<U256>, U256)> = held.iter().map(|h| (h.token_id, h.balance)).collect();
        assert_eq!(
            ids,
            vec![
                (Some(U256::from(1)), U256::from(5)),
                (Some(U256::from(2)), U256::from(3))
            ]
        );

        let facts = client.contract_details(addr(WTLOS)).await.unwrap().unwrap();
        assert_eq!(facts.record.name.as_deref(), Some("Wrapped TLOS"));
        assert!(facts.record.verified);
        assert_eq!(facts.record.decimals, Some(18));
        assert!(facts.record.creation_transaction.is_some());
        assert!(facts.abi.unwrap().contains("\"withdraw\""));
        assert_eq!(
            client.contract(addr(ALICE)).await.unwrap(),
            None,
            "an account"
        );
        assert_eq!(
            client.contract(addr(ROUTER)).await.unwrap(),
            None,
            "unknown: 404"
        );

        let found = client
            .transaction(tx(4).parse().unwrap())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(found.transaction.logs.len(), 1);
        assert_eq!(
            client.transaction(tx(9).parse().unwrap()).await.unwrap(),
            None
        );

        use tandem_evm::market::{MarketFeed, MarketQuery};
        let asked = [
            MarketQuery {
                address: Some(addr(WTLOS)),
                symbol: "WTLOS".into(),
            },
            MarketQuery {
                address: None,
                symbol: "TLOS".into(),
            },
        ];
        let prices = client.market_data(&asked, "USD").await.unwrap();
        let quoted: Vec<(Option<&str>, Option<String>)> = prices
            .iter()
            .map(|p| {
                (
                    p.symbol.as_deref(),
                    p.price.as_ref().map(|price| price.price().to_string()),
                )
            })
            .collect();
        assert_eq!(prices.len(), 2, "{quoted:?}");
        assert_eq!(prices[0].address, Some(addr(WTLOS)));
        assert_eq!(prices[0].holders, Some(3012));
        assert_eq!(prices[1].symbol.as_deref(), Some("TLOS"));
        assert!(client.market_data(&asked, "EUR").await.unwrap().is_empty());
    }
}
