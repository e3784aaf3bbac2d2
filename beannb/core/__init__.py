"""The engine core: cards, state, actions, events, errors, the ruleset protocol and Game."""
