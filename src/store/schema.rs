//! The diesel table definitions, written by hand to match `migrations/{sqlite,postgres}`.
//! The same types work on both backends: `Integer` is INTEGER, `BigInt` is BIGINT.

diesel::table! {
    games (id) {
        id -> Text,
        kind -> Text,
        rules_version -> Integer,
        options -> Text,
        status -> Text,
        created_at -> BigInt,
        commitment -> Text,
        secret -> Text,
        log_head -> Nullable<Text>,
        creator_seat -> Integer,
        ended_at -> Nullable<BigInt>,
        revision -> BigInt,
        cancelled_by -> Nullable<Text>,
        title -> Nullable<Text>,
        confirmed_at -> Nullable<BigInt>,
        rematch_of -> Nullable<Text>,
        rematch -> Nullable<Text>,
        hours_per_decision -> Nullable<Integer>,
        private_table -> Bool,
        last_message_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    seats (game_id, seat) {
        game_id -> Text,
        seat -> Integer,
        name -> Text,
        email -> Text,
        link_version -> Integer,
        accepted_at -> Nullable<BigInt>,
        contribution -> Nullable<Text>,
        contribution_source -> Nullable<Text>,
        last_seen_seq -> BigInt,
        control -> Text,
        missed -> Integer,
        resigned_at -> Nullable<BigInt>,
        messages_mailed_at -> BigInt,
        setup_name -> Text,
        name_salt -> Nullable<Text>,
        name_hash -> Nullable<Text>,
    }
}

diesel::table! {
    actions (game_id, seq) {
        game_id -> Text,
        seq -> BigInt,
        seat -> Integer,
        action -> Text,
        created_at -> BigInt,
        hash -> Text,
        author -> Text,
        deadline -> Nullable<BigInt>,
    }
}

diesel::table! {
    outbox (id) {
        id -> Text,
        game_id -> Nullable<Text>,
        kind -> Text,
        to_name -> Text,
        to_addr -> Text,
        subject -> Text,
        text_body -> Text,
        html_body -> Text,
        message_id -> Text,
        attempts -> Integer,
        next_attempt_at -> BigInt,
        last_error -> Nullable<Text>,
        created_at -> BigInt,
        failed_at -> Nullable<BigInt>,
        unsubscribe_url -> Nullable<Text>,
        reply_to -> Nullable<Text>,
    }
}

diesel::table! {
    addresses (address) {
        address -> Text,
        created_at -> BigInt,
        undeliverable_at -> Nullable<BigInt>,
        undeliverable_reason -> Nullable<Text>,
        verified_at -> Nullable<BigInt>,
        mail_mode -> Text,
        digest_hour -> Integer,
        time_zone -> Text,
        language -> Nullable<Text>,
        suppressed_at -> Nullable<BigInt>,
        last_digest_at -> Nullable<BigInt>,
        link_version -> Integer,
        key -> Text,
        language_seen -> Nullable<Text>,
        reliability_hidden -> Bool,
        blocked_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    muted (address, game_id) {
        address -> Text,
        game_id -> Text,
    }
}

diesel::table! {
    sign_ins (nonce) {
        nonce -> Text,
        address -> Text,
        created_at -> BigInt,
        expires_at -> BigInt,
        used_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    sessions (id_hash) {
        id_hash -> Text,
        address -> Text,
        created_at -> BigInt,
        last_used_at -> BigInt,
    }
}

diesel::table! {
    rate_counters (bucket, window_start) {
        bucket -> Text,
        window_start -> BigInt,
        count -> BigInt,
    }
}

diesel::table! {
    deadlines (game_id, seat) {
        game_id -> Text,
        seat -> Integer,
        since_seq -> BigInt,
        started_at -> BigInt,
        due_at -> BigInt,
        remind_at -> Nullable<BigInt>,
        extended -> Bool,
        claimed_until -> Nullable<BigInt>,
    }
}

diesel::table! {
    absences (id) {
        id -> Text,
        address -> Text,
        starts_at -> BigInt,
        ends_at -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    messages (id) {
        id -> Text,
        game_id -> Text,
        seat -> Integer,
        to_seat -> Nullable<Integer>,
        seq -> BigInt,
        body -> Text,
        created_at -> BigInt,
        via -> Text,
        hidden_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    blocks (blocker, blocked) {
        id -> Text,
        blocker -> Text,
        blocked -> Text,
        label -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    reports (id) {
        id -> Text,
        message_id -> Text,
        reporter -> Text,
        reason -> Text,
        created_at -> BigInt,
        closed_at -> Nullable<BigInt>,
        outcome -> Nullable<Text>,
    }
}

diesel::table! {
    inbound_mails (message_id) {
        message_id -> Text,
        game_id -> Nullable<Text>,
        seat -> Nullable<Integer>,
        received_at -> BigInt,
        outcome -> Text,
        claimed_until -> Nullable<BigInt>,
        log_seq -> Nullable<BigInt>,
        intent -> Nullable<Text>,
    }
}

diesel::table! {
    seat_notes (game_id, seat) {
        game_id -> Text,
        seat -> Integer,
        body -> Text,
        updated_at -> BigInt,
    }
}

diesel::table! {
    conduct (game_id, seat, kind, seq, address) {
        address -> Text,
        game_id -> Text,
        seat -> Integer,
        kind -> Text,
        seq -> BigInt,
        at -> BigInt,
    }
}

diesel::table! {
    game_feeds (game_id) {
        game_id -> Text,
        version -> Integer,
    }
}

diesel::table! {
    person_notices (address) {
        address -> Text,
        calendar_version -> Integer,
        webhook_url -> Nullable<Text>,
        webhook_format -> Nullable<Text>,
        last_error -> Nullable<Text>,
        last_error_at -> Nullable<BigInt>,
        last_sent_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    webhook_outbox (id) {
        id -> Text,
        address -> Text,
        url -> Text,
        format -> Text,
        body -> Text,
        attempts -> Integer,
        next_attempt_at -> BigInt,
        last_error -> Nullable<Text>,
        created_at -> BigInt,
        failed_at -> Nullable<BigInt>,
    }
}

diesel::joinable!(seats -> games (game_id));
diesel::joinable!(actions -> games (game_id));
diesel::joinable!(reports -> messages (message_id));
diesel::allow_tables_to_appear_in_same_query!(
    games,
    seats,
    actions,
    outbox,
    addresses,
    muted,
    sign_ins,
    sessions,
    rate_counters,
    deadlines,
    absences,
    messages,
    seat_notes,
    conduct,
    inbound_mails,
    blocks,
    reports,
    game_feeds,
    person_notices,
    webhook_outbox
);

diesel::table! {
    signing_keys (id) {
        id -> Text,
        public_key -> Text,
        valid_from -> BigInt,
        valid_until -> Nullable<BigInt>,
    }
}

diesel::table! {
    log_queue (game_id, seq) {
        game_id -> Text,
        seq -> BigInt,
        head -> Text,
    }
}

diesel::table! {
    log_leaves (idx) {
        idx -> BigInt,
        game_id -> Text,
        seq -> BigInt,
        head -> Text,
        logged_at -> BigInt,
    }
}

diesel::table! {
    log_nodes (level, idx) {
        level -> Integer,
        idx -> BigInt,
        hash -> Binary,
    }
}

diesel::table! {
    tree_heads (size) {
        size -> BigInt,
        root -> Text,
        at -> BigInt,
        key_id -> Text,
        signature -> Text,
    }
}

diesel::table! {
    log_state (id) {
        id -> Integer,
        size -> BigInt,
    }
}

diesel::table! {
    open_games (game_id) {
        game_id -> Text,
        listed -> Bool,
        approve -> Bool,
        min_finished -> Nullable<Integer>,
    }
}

diesel::table! {
    seat_claims (id) {
        id -> Text,
        game_id -> Text,
        seat -> Integer,
        name -> Text,
        email -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    proposals (game_id, seq) {
        game_id -> Text,
        seq -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    standins (game_id, seat) {
        game_id -> Text,
        seat -> Integer,
        listed_at -> BigInt,
    }
}

diesel::table! {
    sitters (game_id, seat) {
        game_id -> Text,
        seat -> Integer,
        name -> Text,
        email -> Text,
        invited_at -> BigInt,
        until_at -> BigInt,
        accepted_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    queue_leases (queue) {
        queue -> Text,
        holder -> Text,
        held_until -> BigInt,
    }
}
