"""A local Discord emulator for end-to-end tests of the real bot process (see README.md)."""

from tests.fakediscord.core import CommandRefused, ComponentRefused, InteractionFailed, Refused
from tests.fakediscord.emulator import FakeDiscord
from tests.fakediscord.interactions import Choice, Interaction, Modal
from tests.fakediscord.model import Attachment, Channel, Message
from tests.fakediscord.players import Player
from tests.fakediscord.process import BotProcess

__all__ = [
    "Attachment",
    "BotProcess",
    "Channel",
    "Choice",
    "CommandRefused",
    "ComponentRefused",
    "FakeDiscord",
    "Interaction",
    "InteractionFailed",
    "Message",
    "Modal",
    "Player",
    "Refused",
]
