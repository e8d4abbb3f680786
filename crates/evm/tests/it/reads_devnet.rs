//! Typed contract reads against the real seeded devnet (anvil): every seeded fact the
//! reads cover must come back exactly as the manifest records it.
//!
//! One devnet per test binary (start-up takes seconds), so the checks run in one test.

use crate::rpc_support::{account, address, address_of, amount, contract, rows, text};
use alloy::primitives::{Address, U256};
use tandem_evm::EvmError;
use tandem_evm::reads::ChainReader;
use tandem_evm::source::ContractInterface;
use tandem_testkit::{EvmDevnet, EvmManifest};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typed_reads_match_the_seeded_manifest() {
    let devnet = EvmDevnet::start().expect("devnet starts");
    let manifest = devnet.manifest();
    let reader = ChainReader::connect(devnet.rpc_url()).expect("valid rpc url");

    check_block_head(&reader, manifest).await;
    check_erc20(&reader, manifest).await;
    check_erc721(&reader, manifest).await;
    check_erc1155(&reader, manifest).await;
    check_staking(&reader, manifest).await;
    check_probes(&reader, manifest).await;
    check_large_batches(&reader, manifest).await;
    check_typed_errors(&reader, manifest).await;
}

async fn check_block_head(reader: &ChainReader, manifest: &EvmManifest) {
    let last_seeded = manifest.seeded["transactions"]
        .as_object()
        .expect("transactions")
        .values()
        .filter_map(|tx| tx["blockNumber"].as_u64())
        .max()
        .expect("seeded transactions");
    let number = reader.block_number().await.expect("block number");
    assert!(number >= last_seeded, "{number} < {last_seeded}");
    let head = reader.block_head().await.expect("head");
    assert_eq!(head.number, number);
    let genesis = manifest.seeded["timeBase"].as_u64().expect("timeBase");
    assert!(head.timestamp > genesis);
    let pinned = reader.at_block(1).block_head().await.expect("block 1");
    assert_eq!(pinned.number, 1);
}

async fn check_erc20(reader: &ChainReader, manifest: &EvmManifest) {
    for row in rows(manifest, "allowances") {
        let got = reader
            .allowance(
                address_of(row, "tokenAddress"),
                address_of(row, "ownerAddress"),
                address_of(row, "spenderAddress"),
            )
            .await
            .expect("allowance");
        assert_eq!(got, amount(&row["amount"]), "allowance {row}");
    }
    for row in rows(manifest, "totalSupplies") {
        let got = reader.total_supply(address_of(row, "tokenAddress")).await;
        assert_eq!(got.expect("totalSupply"), amount(&row["amount"]), "{row}");
    }
    for row in rows(manifest, "balances") {
        let got = reader
            .balance_of(address_of(row, "tokenAddress"), address_of(row, "address"))
            .await
            .expect("balanceOf");
        assert_eq!(got, amount(&row["amount"]), "balance {row}");
    }
    let tusd = contract(manifest, "TUSD");
    assert_eq!(reader.token_name(tusd).await.expect("name"), "Tandem USD");
    assert_eq!(reader.token_symbol(tusd).await.expect("symbol"), "TUSD");
    assert_eq!(reader.token_decimals(tusd).await.expect("decimals"), 6);
    let wtlos = contract(manifest, "WTLOS");
    let alice = account(manifest, "alice");
    assert_eq!(
        reader.wtlos_balance(wtlos, alice).await.expect("wtlos"),
        reader.balance_of(wtlos, alice).await.expect("balanceOf")
    );
}

async fn check_erc721(reader: &ChainReader, manifest: &EvmManifest) {
    let art = contract(manifest, "ART");
    let mut ids = Vec::new();
    for row in rows(manifest, "erc721Owners") {
        let id = amount(&row["tokenId"]);
        ids.push(id);
        let owner = reader.owner_of(art, id).await.expect("ownerOf");
        assert_eq!(owner, address_of(row, "ownerAddress"), "{row}");
    }
    let batched = reader.owners_of(art, &ids).await.expect("batched ownerOf");
    for (row, owner) in rows(manifest, "erc721Owners").iter().zip(batched) {
        assert_eq!(owner.expect("owner"), address_of(row, "ownerAddress"));
    }
    for row in rows(manifest, "erc721Approved") {
        let approved = reader
            .get_approved(art, amount(&row["tokenId"]))
            .await
            .expect("getApproved");
        assert_eq!(approved, address_of(row, "approvedAddress"), "{row}");
    }
    for row in rows(manifest, "operatorApprovals") {
        let collection = contract(manifest, text(row, "collection"));
        let approved = reader
            .is_approved_for_all(
                collection,
                address_of(row, "ownerAddress"),
                address_of(row, "operatorAddress"),
            )
            .await
            .expect("isApprovedForAll");
        assert_eq!(Some(approved), row["approved"].as_bool(), "{row}");
    }
    for row in rows(manifest, "nftTokens") {
        let uri = reader.token_uri(art, amount(&row["tokenId"])).await;
        assert_eq!(uri.expect("tokenURI"), text(row, "tokenUri"), "{row}");
    }
    let alice = account(manifest, "alice");
    let owned_by_alice = rows(manifest, "erc721Owners")
        .iter()
        .filter(|row| address_of(row, "ownerAddress") == alice)
        .count();
    let count = reader.balance_of(art, alice).await.expect("721 balanceOf");
    assert_eq!(count, U256::from(owned_by_alice));
    assert_eq!(reader.token_name(art).await.expect("name"), "Tandem Art");
    assert_eq!(reader.token_symbol(art).await.expect("symbol"), "ART");
}

async fn check_erc1155(reader: &ChainReader, manifest: &EvmManifest) {
    let items = contract(manifest, "ITEMS");
    let mut pairs = Vec::new();
    let mut expected = Vec::new();
    for row in rows(manifest, "erc1155Balances") {
        let (owner, id) = (address_of(row, "address"), amount(&row["id"]));
        let got = reader.erc1155_balance_of(items, owner, id).await;
        assert_eq!(got.expect("balanceOf"), amount(&row["amount"]), "{row}");
        pairs.push((owner, id));
        expected.push(amount(&row["amount"]));
    }
    let batch = reader.erc1155_balance_of_batch(items, &pairs).await;
    assert_eq!(batch.expect("balanceOfBatch"), expected);

    let bob = account(manifest, "bob");
    let ids = [U256::from(1), U256::from(2), U256::from(3)];
    let holdings = reader
        .erc1155_holdings(items, bob, &ids)
        .await
        .expect("holdings");
    for holding in &holdings {
        let seeded = rows(manifest, "erc1155Balances")
            .iter()
            .find(|row| address_of(row, "address") == bob && amount(&row["id"]) == holding.id);
        assert_eq!(
            Some(holding.amount),
            seeded.map(|row| amount(&row["amount"]))
        );
        assert!(!holding.amount.is_zero());
    }
    for row in rows(manifest, "items") {
        let uri = reader.erc1155_uri(items, amount(&row["id"])).await;
        assert_eq!(uri.expect("uri"), text(row, "uri"), "{row}");
    }
}

async fn check_staking(reader: &ChainReader, manifest: &EvmManifest) {
    let escrow = contract(manifest, "ESCROW");
    let stlos = contract(manifest, "STLOS");
    for row in rows(manifest, "escrowAccounts") {
        let owner = address_of(row, "address");
        let position = reader
            .escrow_position(escrow, owner)
            .await
            .expect("position");
        assert_eq!(position.balance, amount(&row["balance"]), "{row}");
        assert_eq!(position.max_withdraw, amount(&row["maxWithdraw"]), "{row}");
        let single = reader.escrow_max_withdraw(escrow, owner).await;
        assert_eq!(single.expect("maxWithdraw"), position.max_withdraw);
        let balance = reader.escrow_balance(escrow, owner).await;
        assert_eq!(balance.expect("balanceOf"), position.balance);
        let deposits = reader
            .escrow_deposits(escrow, owner)
            .await
            .expect("deposits");
        assert_eq!(deposits, position.deposits);
        let seeded: Vec<_> = rows(manifest, "escrowDeposits")
            .iter()
            .filter(|deposit| address_of(deposit, "address") == owner)
            .collect();
        assert_eq!(deposits.len(), seeded.len(), "{row}");
        for (deposit, row) in deposits.iter().zip(seeded) {
            assert_eq!(deposit.amount, amount(&row["amount"]), "{row}");
            assert_eq!(Some(deposit.until), row["until"].as_u64(), "{row}");
        }
    }
    let staking = &manifest.seeded["staking"];
    let facts = reader.staking_facts(stlos, escrow).await.expect("facts");
    assert_eq!(facts.total_assets, amount(&staking["totalAssets"]));
    assert_eq!(facts.total_supply, amount(&staking["totalSupply"]));
    assert_eq!(
        facts.preview_deposit_one,
        amount(&staking["previewDeposit1"])
    );
    assert_eq!(facts.preview_redeem_one, amount(&staking["previewRedeem1"]));
    assert_eq!(
        U256::from(facts.lock_duration),
        amount(&staking["lockDuration"])
    );
    assert_eq!(
        facts.escrow_total_assets,
        amount(&staking["escrowTotalAssets"])
    );
    let one = U256::from(10).pow(U256::from(18));
    assert_eq!(
        reader
            .preview_deposit(stlos, one)
            .await
            .expect("previewDeposit"),
        facts.preview_deposit_one
    );
    assert_eq!(
        reader
            .preview_redeem(stlos, one)
            .await
            .expect("previewRedeem"),
        facts.preview_redeem_one
    );
    assert_eq!(
        reader.vault_total_assets(stlos).await.expect("totalAssets"),
        facts.total_assets
    );
    assert_eq!(
        reader
            .escrow_lock_duration(escrow)
            .await
            .expect("lockDuration"),
        facts.lock_duration
    );
}

async fn check_probes(reader: &ChainReader, manifest: &EvmManifest) {
    for (key, decimals, name) in [
        ("TUSD", 6, "Tandem USD"),
        ("GEMS", 18, "Gems"),
        ("WTLOS", 18, "Wrapped TLOS"),
        ("STLOS", 18, "Staked TLOS"),
    ] {
        let record = reader
            .probe_contract(contract(manifest, key))
            .await
            .expect("probe")
            .unwrap_or_else(|| panic!("{key} is a contract"));
        assert_eq!(record.interfaces, vec![ContractInterface::Erc20], "{key}");
        assert_eq!(record.decimals, Some(decimals), "{key}");
        assert_eq!(record.name.as_deref(), Some(name), "{key}");
        assert_eq!(record.symbol.as_deref(), Some(key), "{key}");
        assert!(record.supply.is_some(), "{key}");
    }
    for (key, interface, name) in [
        ("ART", ContractInterface::Erc721, "Tandem Art"),
        ("ITEMS", ContractInterface::Erc1155, "Tandem Items"),
    ] {
        let record = reader
            .probe_contract(contract(manifest, key))
            .await
            .expect("probe")
            .unwrap_or_else(|| panic!("{key} is a contract"));
        assert_eq!(record.interfaces, vec![interface], "{key}");
        assert_eq!(record.decimals, None, "{key}");
        assert_eq!(record.name.as_deref(), Some(name), "{key}");
    }
    // The escrow is a contract but no token.
    let escrow = reader.probe_contract(contract(manifest, "ESCROW")).await;
    let escrow = escrow.expect("probe").expect("a contract");
    assert!(escrow.interfaces.is_empty(), "{escrow:?}");
    for eoa in [account(manifest, "alice"), Address::repeat_byte(0x42)] {
        assert_eq!(reader.probe_contract(eoa).await.expect("probe"), None);
    }
}

async fn check_large_batches(reader: &ChainReader, manifest: &EvmManifest) {
    let owners: Vec<Address> = manifest
        .accounts
        .iter()
        .map(|named| address(&named.address))
        .collect();
    let tokens: Vec<Address> = ["WTLOS", "STLOS", "TUSD", "GEMS"]
        .iter()
        .map(|key| contract(manifest, key))
        .collect();
    // 250 reads: every (token, owner) pair, repeated, so the batch is split in three.
    let pairs: Vec<(Address, Address)> = tokens
        .iter()
        .flat_map(|&token| owners.iter().map(move |&owner| (token, owner)))
        .cycle()
        .take(250)
        .collect();
    let answers = reader.balances_of(&pairs).await.expect("250 reads");
    assert_eq!(answers.len(), 250);
    for (&(token, owner), answer) in pairs.iter().zip(&answers) {
        let single = reader.balance_of(token, owner).await.expect("single read");
        assert_eq!(answer.as_ref().ok(), Some(&single), "{token} {owner}");
    }
    // Many tokens for one owner, some of them not tokens at all: those fail alone.
    let mut many = tokens.clone();
    many.extend((1..=200_u8).map(Address::repeat_byte));
    let alice = account(manifest, "alice");
    let (native, amounts) = reader.account_balances(alice, &many).await.expect("batch");
    assert_eq!(native, reader.native_balance(alice).await.expect("native"));
    assert_eq!(amounts.len(), many.len());
    for entry in &amounts[..tokens.len()] {
        let single = reader.balance_of(entry.token, alice).await.expect("single");
        assert_eq!(entry.amount.as_ref().ok(), Some(&single));
    }
    assert!(
        amounts[tokens.len()..]
            .iter()
            .all(|entry| entry.amount.is_err())
    );
}

async fn check_typed_errors(reader: &ChainReader, manifest: &EvmManifest) {
    let art = contract(manifest, "ART");
    match reader.owner_of(art, U256::from(999)).await {
        Err(EvmError::ContractCall {
            contract, function, ..
        }) => {
            assert_eq!(contract, art);
            assert_eq!(function, "ownerOf(uint256)");
        }
        other => panic!("unminted token gave {other:?}"),
    }
    // No code at all: the call answers empty data, which is not a uint8.
    let eoa = account(manifest, "bob");
    assert!(matches!(
        reader.token_decimals(eoa).await,
        Err(EvmError::ContractCall { .. })
    ));
}

#[tokio::test]
async fn unreachable_node_is_a_typed_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    drop(listener);
    let reader = ChainReader::connect(&format!("http://127.0.0.1:{port}")).expect("valid url");
    match reader.block_number().await {
        Err(EvmError::Rpc { method, .. }) => assert_eq!(method, "eth_blockNumber"),
        other => panic!("closed port gave {other:?}"),
    }
    assert!(matches!(
        reader
            .account_balances(Address::ZERO, &[Address::ZERO])
            .await,
        Err(EvmError::Rpc { .. })
    ));
}

#[test]
fn malformed_rpc_urls_are_typed_errors() {
    for url in ["", "localhost:8545", "file:///tmp/x", "http://"] {
        assert!(
            matches!(
                ChainReader::connect(url),
                Err(EvmError::InvalidRpcUrl { .. })
            ),
            "{url}"
        );
    }
}
