//! `corriere serve`: start the service with its configuration and run it until Ctrl-C; and
//! the logs every command writes to standard error.

use crate::config::ServeArgs;
use anyhow::{Context, Result};
use std::process::ExitCode;

pub fn init_logs() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("CORRIERE_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    crate::web::logs::init(filter);
}

pub fn serve(args: ServeArgs) -> Result<ExitCode> {
    init_logs();
    let warning = args.clock_warning();
    let config = args.into_config()?;
    if let Some(warning) = &warning {
        // Loud on both streams: whoever watches the terminal or the logs must see it.
        eprintln!("{warning}");
        tracing::warn!("{warning}");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let running = crate::app::build(config).await?;
        println!(
            "corriere is serving on {} (Ctrl-C to stop)",
            running.base_url
        );
        if let Some(warning) = &warning {
            println!("{warning}");
        }
        tokio::signal::ctrl_c()
            .await
            .context("waiting for Ctrl-C")?;
        tracing::info!("stopping");
        running.stop().await;
        Ok(ExitCode::SUCCESS)
    })
}
