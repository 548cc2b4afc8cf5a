#![doc = include_str!("rule_ids.md")]
