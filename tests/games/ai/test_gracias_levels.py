"""The Gracias computer players on hand-made tables: the easy level's estimate of a
round (C6) and its value of a choice, worked out by hand, and the hard level's sampled
games and search around it (C1, C5, C8).

Colours by index: red 0, orange 1, yellow 2, green 3, blue 4, purple 5."""

from __future__ import annotations

import functools
import math
import random
from collections import Counter

import pytest

from games.ai import Budget, gracias_hard
from games.ai.gracias_easy import (
    LEADER_WEIGHT,
    GraciasEasy,
    Table,
    colour_points,
    column_points,
    describe,
    ranked,
    score_choices,
    table_from_view,
    table_of,
)
from games.ai.gracias_hard import (
    CANDIDATES,
    SPREAD,
    SPREAD_PER_TURN,
    GraciasHard,
    evaluate,
    rollout_choice,
    sample_world,
    spread,
    trio_values,
    unseen_cards,
)
from games.ai.player import SearchStats, squash
from games.gracias import ChooseTrio, Colour, Gracias
from games.gracias.actions import GraciasAction, Leave, SplitTrio, TakeTrio

from .play import played

RED, ORANGE, YELLOW, GREEN, BLUE = range(5)


def counts(**cards: float) -> list[float]:
    row = [0.0] * 6
    for colour, n in cards.items():
        row[Colour(colour).index] = n
    return row


def test_a_colour_scores_its_packets_and_every_face_up_count_below_the_most_C6() -> None:
    # Face up 3, 1, 3 and 2 (7 is a packet and 2): the two 3s tie for the most.
    assert colour_points([[3], [1], [3], [7]], [0, 1, 2, 3], 0) == [0.0, 1.0, 0.0, 3.0]
    # 5 is a packet with nothing face up; 2 is the most.
    assert colour_points([[5], [0], [2]], [0, 1, 2], 0) == [1.0, 0.0, 0.0]
    # Only the seats still in the game count: the 9 of seat 1 is left out.
    assert colour_points([[4], [9], [2]], [0, 2], 0) == [0.0, 2.0]
    # Estimated counts a hair apart are a tie.
    assert colour_points([[2.0], [2.0 + 1e-12]], [0, 1], 0) == [0.0, 0.0]


def test_with_a_spread_face_up_cards_count_by_how_likely_they_stay_out_of_the_majority() -> None:
    def kept(ahead: float, spread: float) -> float:
        """The share of face-up cards a seat keeps with the best other `ahead` of it."""
        return 1 / (1 + math.exp((0.5 - ahead) / spread))

    # 3 against 1: the 3 leads by two, the 1 is two behind.
    assert column_points([3, 1], 0.5) == pytest.approx([3 * kept(-2, 0.5), kept(2, 0.5)])
    # A tie counts as half a card against: each keeps under a half.
    assert column_points([2, 2], 0.4) == pytest.approx([2 * kept(0, 0.4)] * 2)
    assert kept(0, 0.4) < 0.5 < kept(1, 0.4)
    # Packets score whole; only what lies beyond them is in doubt; nothing, nothing.
    assert column_points([6, 2, 0], 0.4) == pytest.approx([1 + kept(1, 0.4), 2 * kept(-1, 0.4), 0])
    # The wider the spread, the less a lead now decides.
    assert column_points([1, 3], 2.0)[1] > column_points([1, 3], 0.4)[1]
    # No spread is the rule itself (C6); a spread near 0 comes to it.
    assert column_points([3, 1, 3, 7]) == [0.0, 1.0, 0.0, 3.0]
    assert column_points([3, 1, 4, 7], 0.01) == pytest.approx([3.0, 1.0, 0.0, 3.0], abs=1e-6)


def test_the_hard_levels_doubt_narrows_over_the_rounds_turns_C2() -> None:
    assert [spread(turn) for turn in (1, 2, 3, 4)] == pytest.approx([1.15, 0.9, 0.65, 0.4])
    assert (SPREAD, SPREAD_PER_TURN) == (0.4, 0.25)


def test_early_in_a_round_its_own_scoring_weighs_what_may_still_change() -> None:
    # ann 1 red and 3 orange, bob 2 of each; green goes to bob either way. Keeping the
    # red ties bob's reds, which the easy scoring counts as lost at once (and ann's
    # oranges, the most, too): it keeps the orange, the fourth card of a colour ann
    # already leads. With three turns to come, its own scoring keeps the red.
    cards = [counts(red=1, orange=3), counts(red=2, orange=2)]
    table = Table(0, [0, 1], ["ann", "bob"], cards, [0, 0])
    choices = [(RED, GREEN, 1), (ORANGE, GREEN, 1)]
    assert score_choices(table, choices) == pytest.approx([0 - 2, 1 - 2])
    own = score_choices(table, choices, spread(1))
    assert own[0] > own[1]


def three_seats(totals: list[int]) -> Table:
    """ann (me) 4 red; bob 5 red (a packet) and 2 blue; cy 3 blue. Before the choice:
    ann 0 points this round, bob 1 + 2, cy 0 (she holds the most blue)."""
    cards = [counts(red=4), counts(red=5, blue=2), counts(blue=3)]
    return Table(0, [0, 1, 2], ["ann", "bob", "cy"], cards, totals)


def value(mine: float, leader: float, others: list[float]) -> float:
    """Own total minus 0.7 of the leader's and 0.3 of the opponents' mean."""
    return mine - 0.7 * leader - 0.3 * sum(others) / len(others)


def test_a_choice_is_valued_against_the_leader_and_the_mean_opponent_C6() -> None:
    table = three_seats([0, 10, 2])  # bob leads: 10 + 3 = 13, cy 2
    choices = [
        (RED, ORANGE, 1),  # a red packet for ann: 1 point; bob's single orange is the most
        (ORANGE, RED, 1),  # bob's sixth red: a packet and 1 face up, below ann's 4
        (RED, RED, 2),  # a red trio: ann's packet, cy's single red is the most
        (GREEN, BLUE, 1),  # bob's third blue ties cy's: both lose them
        (BLUE, GREEN, 1),  # ann's single blue below cy's 3
        (YELLOW, YELLOW, 1),  # one yellow each: a tie, nobody scores
    ]
    assert score_choices(table, choices) == pytest.approx(
        [
            value(1, 13, [13, 2]),
            value(0, 14, [14, 2]),
            value(1, 13, [13, 2]),
            value(0, 11, [11, 2]),
            value(1, 13, [13, 2]),
            value(0, 13, [13, 2]),
        ]
    )
    assert LEADER_WEIGHT == 0.7


def test_the_leader_is_whoever_leads_after_the_choice() -> None:
    # bob 3 this round, cy 10 in earlier rounds: cy leads, bob is only in the mean.
    table = three_seats([0, 0, 10])
    assert score_choices(table, [(GREEN, BLUE, 1), (RED, ORANGE, 1)]) == pytest.approx(
        [value(0, 10, [1, 10]), value(1, 10, [3, 10])]
    )


def test_alone_in_the_game_a_choice_is_worth_its_own_total() -> None:
    table = Table(0, [0], ["ann"], [counts(red=4)], [3])
    # Either way ann ends with 5 red (a packet) and 1 orange (the most).
    assert score_choices(table, [(RED, ORANGE, 0), (ORANGE, RED, 0)]) == [4.0, 4.0]


def test_with_one_opponent_it_is_both_the_leader_and_the_mean() -> None:
    table = Table(0, [0, 1], ["ann", "bob"], [counts(red=4), counts(blue=2)], [0, 5])
    # Keeping red makes ann's packet; bob's one orange is the most: bob stays at 5.
    assert score_choices(table, [(RED, ORANGE, 1)]) == [pytest.approx(1 - 0.7 * 5 - 0.3 * 5)]


def test_a_pair_trio_gives_one_card_to_the_receiver_even_the_first_seat() -> None:
    # bob (seat 1) keeps a blue and gives the other blue to ann (seat 0): ann's 2 blue
    # become 3, tying cy's 3; bob's single blue is below them.
    cards = [counts(blue=2), counts(red=1), counts(blue=3)]
    table = Table(1, [0, 1, 2], ["ann", "bob", "cy"], cards, [8, 0, 1])
    # Before: ann 8 + 2 (blue), bob 0 + 0 (his red is the only red: the most), cy 1.
    assert score_choices(table, [(BLUE, BLUE, 0)]) == [pytest.approx(value(1, 8, [8, 1]))]


def game_with(reserves: dict[str, dict[str, int]], trio: tuple[str, str]) -> Gracias:
    """Turn 1 of round 1, ann to choose; trio 1 shows `trio`, the others two purples."""
    game = Gracias.create(["ann", "bob", "cy", "dee"], None, 1)
    data = game.to_json()
    for seat, name in enumerate(data["players"]):
        held = reserves.get(name, {})
        data["reserves"][seat] = [held.get(colour.id, 0) for colour in Colour]
    data["trios"][0]["up"] = list(trio)
    for other in data["trios"][1:]:
        other["up"] = ["purple", "purple"]
    return Gracias.from_json(data)


def test_the_view_becomes_a_table_own_cards_exact_the_others_a_sixth_each_C5() -> None:
    game = played(5)
    table = table_from_view(game.view_for("bob"))
    assert table.me == 1 and table.seats == [0, 1, 2, 3]
    assert table.names == ["ann", "bob", "cy", "dee"]
    own = [float(n) for n in game.reserves[1]]
    for colour in game.hidden[1]:
        own[colour] += 1
    assert table.cards[1] == own
    share = len(game.hidden[0]) / 6
    assert share > 0
    assert table.cards[0] == [n + share for n in game.reserves[0]]
    assert table.totals == [0, 0, 0, 0]


def test_the_searched_games_table_is_the_one_the_view_gives() -> None:
    game = game_with({"ann": {"red": 2}, "bob": {"blue": 1}}, ("red", "orange"))
    game.round_scores[2] = [4, 3]
    game.active[3] = False
    for seat, name in enumerate(game.players):
        assert table_of(game, seat) == table_from_view(game.view_for(name))
    assert table_of(game, 0).seats == [0, 1, 2]
    assert table_of(game, 0).totals == [0, 0, 7, 0]


def test_a_choice_is_described_as_kept_given_and_receiver() -> None:
    game = game_with({}, ("red", "orange"))
    view = game.view_for("ann")
    assert describe(view, ChooseTrio("ann", 1, Colour.ORANGE, "cy")) == (ORANGE, RED, 2)
    assert describe(view, ChooseTrio("ann", 2, Colour.PURPLE, "bob")) == (5, 5, 1)
    assert describe(view, TakeTrio("ann", 1)) is None
    assert describe(view, SplitTrio("ann", Colour.RED, "bob")) is None  # nothing held
    game.apply(TakeTrio("ann", 1))
    held = game.view_for("ann")
    assert describe(held, SplitTrio("ann", Colour.RED, "dee")) == (RED, ORANGE, 3)
    assert describe(held, Leave("ann")) is None


def test_ranked_values_the_choices_and_nothing_else() -> None:
    game = game_with({"ann": {"red": 4}}, ("red", "orange"))
    view = game.view_for("ann")
    legal = [TakeTrio("ann", 1), *game.legal_actions("ann")]
    values = ranked(view, legal)
    assert values[0] == float("-inf")
    described = [describe(view, action) for action in legal[1:]]
    expected = score_choices(table_from_view(view), [d for d in described if d is not None])
    assert values[1:] == expected


def test_the_easy_level_breaks_exact_ties_at_random_and_only_those() -> None:
    # Keeping red completes ann's packet; the orange goes to bob, cy or dee, who are
    # alike: three tied best choices, every other is worse.
    game = game_with({"ann": {"red": 4}}, ("red", "orange"))
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    found = {GraciasEasy().choose(view, legal, random.Random(seed)) for seed in range(20)}
    assert found == {ChooseTrio("ann", 1, Colour.RED, name) for name in ("bob", "cy", "dee")}


def test_the_unseen_cards_are_the_others_hidden_the_face_down_and_the_pile_C1() -> None:
    game = played(5)
    unseen = Counter(unseen_cards(game.view_for("ann")))
    expected = Counter(game.pile)
    for seat in (1, 2, 3):
        expected.update(game.hidden[seat])
    expected.update(trio.down for trio in game.trios if trio.down is not None)
    assert unseen == expected
    assert unseen_cards(game.view_for("ann")) == sorted(unseen.elements())


def test_the_rollout_plays_the_easy_choice_of_whoever_is_to_move() -> None:
    game = game_with({"ann": {"red": 4}, "bob": {"blue": 2}, "cy": {"blue": 3}}, ("green", "blue"))
    for _ in range(3):
        name = game.awaiting[0]
        legal = game.legal_actions(name)
        values = ranked(game.view_for(name), legal)
        assert rollout_choice(game) == legal[values.index(max(values))]
        game.apply(legal[values.index(max(values))])
    game.apply(TakeTrio(game.awaiting[0], 1 + [t.taker for t in game.trios].index(None)))
    name = game.awaiting[0]
    legal = game.legal_actions(name)
    assert isinstance(legal[0], SplitTrio)
    values = ranked(game.view_for(name), legal)
    assert rollout_choice(game) == legal[values.index(max(values))]


def test_in_the_rollouts_the_searcher_takes_its_trio_first_and_splits_it_knowing_C5() -> None:
    # Round 1, turn 2 of a real game: bob's easy choice is trio 2, green kept, the
    # other card to cy. Played as the searcher, bob scores by its own doubt: trio 2
    # still, taken bare; it looks at its face-down card and then splits it as its own
    # scoring prefers once that card is counted, the green going to ann.
    game = played(4)
    assert game.awaiting == ("bob",) and game.turn == 2
    assert rollout_choice(game) == ChooseTrio("bob", 2, Colour.GREEN, "cy")
    assert rollout_choice(game, searcher=0) == ChooseTrio("bob", 2, Colour.GREEN, "cy")
    view, legal = game.view_for("bob"), game.legal_actions("bob")
    own = ranked(view, legal, spread(2))
    best = legal[own.index(max(own))]
    assert isinstance(best, ChooseTrio) and best.trio == 2
    take = rollout_choice(game, searcher=1)
    assert take == TakeTrio("bob", 2)
    game.apply(take)
    view, legal = game.view_for("bob"), game.legal_actions("bob")
    own = ranked(view, legal, spread(2))
    assert rollout_choice(game, searcher=1) == legal[own.index(max(own))]
    assert legal[own.index(max(own))] == SplitTrio("bob", Colour.GREEN, "ann")


def test_a_position_is_valued_by_the_margin_gained_over_the_best_opponent_C8() -> None:
    game = game_with({}, ("red", "orange"))
    game.round_scores = [[6], [2], [9], [1]]
    game.active[2] = False  # cy's 9 no longer counts
    assert evaluate(game, "ann") == pytest.approx(squash(4, 3.0))
    assert evaluate(game, "ann", before=1) == pytest.approx(squash(3, 3.0))
    assert evaluate(game, "bob") == pytest.approx(squash(-4, 3.0))


def test_a_player_that_has_not_searched_reports_no_search() -> None:
    assert GraciasHard().stats == SearchStats()


def test_a_finished_game_adds_the_win_itself_shared_between_winners_C8() -> None:
    game = game_with({}, ("red", "orange"))
    game.round_scores = [[6], [6], [2], [1]]
    game.over, game.winners = True, ("ann", "bob")
    assert evaluate(game, "ann") == pytest.approx((squash(0, 3.0) + 0.5) / 2)
    assert evaluate(game, "cy") == pytest.approx(squash(-4, 3.0) / 2)


def test_the_hard_level_takes_a_trio_searched_among_every_untaken_one_C5() -> None:
    game = game_with({"ann": {"red": 4}}, ("red", "orange"))
    legal = game.legal_actions("ann")
    player = GraciasHard(Budget(iterations=2 * 4 + 1))
    action = player.choose(game.view_for("ann"), legal, random.Random(1))
    assert action in game.trio_takes("ann")  # four trios, four candidates
    assert (player.stats.iterations, player.stats.rounds) == (8, 2)


def test_the_hard_level_splits_its_trio_searched_among_the_six_best_splits_C5() -> None:
    game = Gracias.create(["ann", "bob", "cy", "dee", "eve"], None, 1)
    data = game.to_json()
    data["trios"][0]["up"] = ["red", "orange"]
    game = Gracias.from_json(data)
    game.apply(TakeTrio("ann", 1))
    legal = game.legal_actions("ann")  # two colours to keep, four players to give to
    assert len(legal) > CANDIDATES == 6
    player = GraciasHard(Budget(iterations=2 * CANDIDATES + 1))
    action = player.choose(game.view_for("ann"), legal, random.Random(1))
    assert action in legal
    assert (player.stats.iterations, player.stats.rounds) == (12, 2)


def test_a_trio_is_valued_by_its_best_whole_choice() -> None:
    legal = [
        ChooseTrio("ann", 1, Colour.RED, "bob"),
        ChooseTrio("ann", 1, Colour.ORANGE, "bob"),
        ChooseTrio("ann", 2, Colour.PURPLE, "cy"),
        SplitTrio("ann", Colour.RED, "bob"),  # no trio: left out
    ]
    assert trio_values(legal, [3.0, 1.0, -2.0, 9.0]) == {1: 3.0, 2: -2.0}


def test_without_evidence_the_hard_level_takes_the_trio_of_its_own_choice_C5() -> None:
    # Keeping a purple completes ann's packet: trios 2 to 4 show two purples each, and
    # its own scoring's choice is in trio 2. One round of samples is no evidence:
    # trio 2 it is.
    game = game_with({"ann": {"purple": 4}}, ("red", "orange"))
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    own = ranked(view, legal, spread(1))
    best = legal[own.index(max(own))]
    assert isinstance(best, ChooseTrio) and best.trio == 2
    hard = GraciasHard(Budget(iterations=4)).choose(view, legal, random.Random(1))
    assert hard == TakeTrio("ann", 2)


def test_the_splits_searched_are_the_six_best_the_best_kept_without_evidence_C5() -> None:
    # Five players: eight splits. Keeping the orange completes ann's packet and the red
    # given to eve (3 reds) makes her the red majority: the best split, the last listed.
    game = Gracias.create(["ann", "bob", "cy", "dee", "eve"], None, 1)
    data = game.to_json()
    data["trios"][0]["up"] = ["red", "orange"]
    data["reserves"][0] = [0, 4, 0, 0, 0, 0]
    data["reserves"][4] = [3, 0, 0, 0, 0, 0]
    game = Gracias.from_json(data)
    game.apply(TakeTrio("ann", 1))
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    values = ranked(view, legal, spread(1))
    best = SplitTrio("ann", Colour.ORANGE, "eve")
    assert len(legal) == 8 and legal.index(best) == 7 == values.index(max(values))
    assert values.count(max(values)) == 1
    player = GraciasHard(Budget(iterations=CANDIDATES))  # one round
    assert player.choose(view, legal, random.Random(1)) == best
    assert player.stats.rounds == 1


def test_the_hard_level_with_one_trio_or_one_split_plays_it_without_searching() -> None:
    game = game_with({}, ("red", "orange"))
    player = GraciasHard(Budget(iterations=30))
    one_trio = [ChooseTrio("ann", 1, Colour.RED, "bob"), ChooseTrio("ann", 1, Colour.RED, "cy")]
    assert player.choose(game.view_for("ann"), one_trio, random.Random(1)) == TakeTrio("ann", 1)
    assert player.stats.iterations == 0
    game.apply(TakeTrio("ann", 1))
    only = [SplitTrio("ann", Colour.ORANGE, "dee")]
    assert player.choose(game.view_for("ann"), only, random.Random(1)) == only[0]
    assert player.stats.iterations == 0


def test_the_hard_level_overrides_its_own_choice_only_on_clear_evidence() -> None:
    game = game_with({"ann": {"red": 4}}, ("red", "orange"))
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    trios = trio_values(legal, ranked(view, legal, spread(1)))
    best = max(trios, key=lambda trio: trios[trio])
    assert list(trios.values()).count(trios[best]) == 1
    # One round: no spread of differences to judge, its own choice's trio is taken.
    hard = GraciasHard(Budget(iterations=4)).choose(view, legal, random.Random(3))
    assert hard == TakeTrio("ann", best)


def test_the_hard_level_takes_another_trio_than_its_own_choice_when_its_samples_agree() -> None:
    # Round 2, turn 3 of a real game, ann leading by three: its own scoring's choice is
    # trio 2 (blue kept, one to cy), alone at the top. On the eight rounds of sampled
    # games this generator draws (the same eight for every trio) taking trio 3 and
    # splitting it knowing its face-down card leads by more than two standard errors,
    # and the search takes it, the same way every time.
    game = played(25, seed=6)
    view, legal = game.view_for("ann"), game.legal_actions("ann")
    assert (view.public.round, view.public.turn) == (2, 3)
    values = ranked(view, legal, spread(3))
    assert legal[values.index(max(values))] == ChooseTrio("ann", 2, Colour.BLUE, "cy")
    assert values.count(max(values)) == 1
    for _ in range(2):
        player = GraciasHard(Budget(iterations=8 * 3))  # three trios left
        assert player.choose(view, legal, random.Random(1)) == TakeTrio("ann", 3)
        assert player.stats.rounds == 8


def test_a_sampled_world_keeps_a_trio_taken_and_not_yet_split_C5() -> None:
    game = played(5)
    name = game.awaiting[0]
    game.apply(TakeTrio(name, 1 + [trio.taker for trio in game.trios].index(None)))
    world = sample_world(game.view_for(name), random.Random(2))
    assert world.holding == game.holding is not None
    assert world.legal_actions(name) == game.legal_actions(name)
    assert world.to_move == game.to_move


def test_a_sampled_world_of_a_finished_game_is_finished_C8() -> None:
    game = played(0)
    easy = GraciasEasy()
    while not game.over:
        name = game.awaiting[0]
        action = easy.choose(game.view_for(name), game.legal_actions(name), random.Random(0))
        assert isinstance(action, GraciasAction)
        game.apply(action)
    world = sample_world(game.view_for("ann"), random.Random(2))
    assert world.over and world.to_move is None
    assert world.winners == game.winners
    assert world.totals() == game.totals()


def test_the_search_measures_the_margins_from_where_the_player_stands_C8(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Round 3 of a real game, dee two points behind the leader, holding trio 2. Each
    # sampled round is valued by how far it moves dee's margin from those -2: the
    # search keeps the red and sends the other card to cy, where its own scoring keeps
    # the yellow. Measured from 0 the same samples leave its own split standing.
    game = played(33, seed=11)
    game.apply(TakeTrio("dee", 2))
    view, legal = game.view_for("dee"), game.legal_actions("dee")
    totals = {seat.name: seat.total for seat in view.public.seats if seat.in_game}
    assert totals.pop("dee") - max(totals.values()) == -2
    values = ranked(view, legal, spread(view.public.turn))
    assert legal[values.index(max(values))] == SplitTrio("dee", Colour.YELLOW, "cy")
    assert values.count(max(values)) == 1
    player = GraciasHard(Budget(iterations=6 * CANDIDATES))
    assert player.choose(view, legal, random.Random(1)) == SplitTrio("dee", Colour.RED, "cy")
    from_zero = functools.partial(gracias_hard.evaluate, before=0)
    monkeypatch.setattr(gracias_hard, "evaluate", lambda game, me, before: from_zero(game, me))
    player = GraciasHard(Budget(iterations=6 * CANDIDATES))
    assert player.choose(view, legal, random.Random(1)) == SplitTrio("dee", Colour.YELLOW, "cy")
