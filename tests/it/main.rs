//! The one integration test binary: every suite is a module here, sharing `support` (the
//! harness shaped like production). Run one with `cargo test --test it -- http::`.

#[macro_use]
mod support;

mod admin;
mod audit;
mod audit_golden;
mod bot;
mod browser;
mod cli;
mod condottieri_browser;
mod condottieri_properties;
mod condottieri_rules;
mod condottieri_service;
mod conformance;
mod duel;
mod edges;
mod engine_setup;
mod hardening;
mod headers;
mod http;
mod i18n;
mod inbound;
mod layers;
mod mail;
mod migrations;
mod newcomer_flow;
mod openapi;
mod operations;
mod orders;
mod orders_mail;
mod orders_time;
mod people;
mod portuguese;
mod properties;
mod replies;
mod review;
mod rules;
mod scale_out;
mod sessions;
mod store;
mod talk;
mod time;
mod trust;
mod turn_mails;
mod war_bot;
mod war_browser;
mod war_formats;
mod war_properties;
mod war_rules;
mod war_service;
mod war_setup;
