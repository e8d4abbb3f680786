//! tandem-server: the HTTP API and the web app's host.

fn main() -> anyhow::Result<()> {
    Ok(())
}
