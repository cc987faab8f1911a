//! The URL codec: query string <-> Scenario, with warnings for unknown, clamped or broken values.
