"""The machinery every game kind and every extension shares, with no Discord
extension in it: settings, storage, controls (custom ids that survive restarts),
errors and the one error handler, the command tree's checks, the game UI contract,
sessions and the session service (the one path of every change to a game), the
publisher (the table message and the channel) with the hand messages it sends by DM,
taking moves back, and how long things may wait."""
