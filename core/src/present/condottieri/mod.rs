//! How Condottieri (the game of written orders, `engine::condottieri`) shows itself: the map,
//! the orders forms, the written lines read from replies, the result reports and the mails.

pub mod map;
