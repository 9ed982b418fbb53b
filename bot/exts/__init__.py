"""The bot's discord.py extensions and the command bodies they share: the router of
every control, the lobby and its computer seats, the shared game commands, turn
timers and computer moves, expiry, scoreboards, general commands, and one package
per game kind. They import the machinery of bot/core/ and the bot; nothing in
bot/core/ imports them."""
