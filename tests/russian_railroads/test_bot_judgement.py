"""The bots' value function understands the railroads' scoring and the round
clock, and the normal bot develops the branch lines (St. Petersburg, Kiev)
rather than leaving them empty, while "easy" stays a sensible player."""
from game.russian_railroads import make_bot
from game.russian_railroads.actions import Place
from game.russian_railroads.evaluate import W, evaluate, scorings_left
from game.russian_railroads.scoring import railroad_score
from tests.russian_railroads.helpers import DATA, duel, play, ready


def _position(round_number: int = 1):
    """Seat 0 on turn in an action phase, gray unlocked (Trans-Siberian black 2)."""
    st = ready(2, 3)
    st.round = round_number
    seat = st.current_player()
    p = st.players[seat]
    p.tracks["ts"][0] = 2
    return st, seat, p


def test_a_locomotive_reaching_built_tracks_is_worth_their_points_for_the_rounds_left():
    st, seat, p = _position()
    p.tracks["kiev"][:2] = [5, 4]
    p.locos["kiev"] = []
    without = evaluate(st, seat)
    p.locos["kiev"] = [4]
    per_round = railroad_score(DATA, p, "kiev").total
    assert per_round == 1 + 2 + 3 + 4 + 4       # stars 1-4 and four gray spaces
    # tracks beyond the reach already count a share (they will be reached one day): the rest comes now
    assert evaluate(st, seat) - without > per_round * (scorings_left(st) - 1) * (1 - W["unreached"] * W["latent"])


def test_groundwork_counts_early_and_is_worth_nothing_in_the_last_round():
    for round_number, worth_something in ((1, True), (6, False)):
        st, seat, p = _position(round_number)
        assert p.locos["stp"] == []
        before = evaluate(st, seat)
        p.tracks["stp"][0] += 1                  # black beyond any locomotive: scores nothing yet
        gain = evaluate(st, seat) - before
        assert (gain > 0) is worth_something, (round_number, gain)
        assert gain >= 0


def test_gray_towards_the_st_petersburg_doubling_is_valued_before_it_scores():
    st, seat, p = _position()
    p.tracks["stp"][:2] = [8, 3]
    p.locos["stp"] = [2]
    base = railroad_score(DATA, p, "stp").total
    before = evaluate(st, seat)
    p.tracks["stp"][1] = 4                       # beyond the locomotive: no points this round
    assert railroad_score(DATA, p, "stp").total == base
    assert evaluate(st, seat) > before


def test_reaching_the_st_petersburg_doubling_beats_a_plain_gray_step():
    st, seat, p = _position(5)
    p.tracks["ts"][:3] = [6, 3, 0]               # brown unlocked, gray behind on the Trans-Siberian
    p.locos["ts"] = [6]
    p.tracks["stp"][:3] = [9, 6, 4]
    p.locos["stp"] = [9]
    before = evaluate(st, seat)
    single = railroad_score(DATA, p, "stp").total
    p.tracks["ts"][1] = 4
    plain = evaluate(st, seat) - before
    p.tracks["ts"][1] = 3
    p.tracks["stp"][1] = 7
    assert railroad_score(DATA, p, "stp").total == 2 * (single + 1)
    doubling = evaluate(st, seat) - before
    assert plain > 0
    assert doubling > 2 * plain


def test_taking_the_lead_in_engineers_is_worth_majority_points():
    st, seat, p = _position(6)
    other = st.players[1 - seat]
    p.engineers, other.engineers = [3], [5]
    behind = evaluate(st, seat)
    p.engineers = [3, 9]
    assert evaluate(st, seat) - behind > 20 * 0.5   # from second (20) to first (40), plus the engineer


def test_normal_bots_develop_the_branch_lines():
    branch, petersburg = [], 0
    for seed in (1, 2, 3):
        st = play(2, seed, ["normal"], check=False)
        for s in st.scores():
            branch.append(s.parts.get("St. Petersburg", 0) + s.parts.get("Kiev", 0))
            petersburg += s.parts.get("St. Petersburg", 0) > 0
    assert min(branch) >= 20, branch
    assert petersburg >= 1


def test_easy_bot_beats_the_random_bot():
    wins = 0
    for seed in range(4):
        easy, random_ = duel("easy", "random", seed, 300 + seed)
        wins += easy > random_
    assert wins >= 3


def test_the_normal_bot_plans_the_three_black_steps_that_reach_the_kiev_worker_together():
    """One black step towards Kiev space 7 looks worth little alone; three
    of them earn a worker for every later round. A normal bot taking the
    3-black space plans its three steps as one (the one-step-greedy finish
    used to spread them over the railroads)."""
    st, seat, p = _position(2)
    p.tracks["kiev"][:2] = [4, 3]
    p.locos["kiev"] = [4]
    workers = p.workers
    st.apply(next(a for a in st.legal_actions() if isinstance(a, Place) and a.space == "T-BLK3"))
    bot = make_bot("normal", 1)
    while st.tasks and st.current_player() == seat:
        st.apply(bot.choose(st))
    assert p.tracks["kiev"][0] == 7
    assert p.workers == workers + 1


def test_black_steps_towards_a_question_space_count_where_a_locomotive_will_reach_it():
    """St. Petersburg space 4 gives a ? token once black track and a
    locomotive reach it: a black step nearer is worth more with the
    locomotive there (the old value saw only the black track's room, the
    same with or without it, until the token was in hand)."""
    gains = []
    for locos in ([], [4]):
        st, seat, p = _position(2)
        p.locos["stp"] = locos
        p.tracks["stp"][0] = 2
        before = evaluate(st, seat)
        p.tracks["stp"][0] = 3
        gains.append(evaluate(st, seat) - before)
    assert gains[1] > gains[0] + 1


def test_the_extra_worker_of_kiev_7_is_worth_more_as_the_black_track_nears_it():
    st, seat, p = _position(2)
    values = []
    for black in (4, 5, 6):
        p.tracks["kiev"][0] = black
        values.append(evaluate(st, seat))
    assert values[0] < values[1] < values[2]
    assert values[2] - values[1] > values[1] - values[0] > 0   # the last steps before it count most


def test_a_plan_narrows_the_moves_the_normal_judgement_picks_among():
    """bench.rr_ts_plan plays the normal bot with a Trans-Siberian plan: the
    plan keeps some moves and the bot's own judgement picks among them; a plan
    that keeps nothing leaves the bot as it was."""
    from game.russian_railroads.bots import GreedyBot, _candidates
    st = ready(2, 3)
    normal = GreedyBot(0).choose(st)
    wanted = [a for a in _candidates(st.legal_actions()) if isinstance(a, Place) and a != normal][-2:]
    assert len(wanted) == 2
    planned = GreedyBot(0, prefer=lambda state, seat, actions: [a for a in actions if a in wanted])
    assert planned.choose(st) in wanted
    assert GreedyBot(0, prefer=lambda state, seat, actions: []).choose(st) == normal


def test_the_plan_bench_reports_the_planned_seat_and_its_share_of_the_wins():
    """With opponents, bench.rr_ts_plan rotates the planned seat between games: its summary must
    read that seat's score and parts, and count a shared win as a share."""
    from bench.rr_ts_plan import summary
    parts = [{"Trans-Siberian": 10, "Kiev": 0}, {"Trans-Siberian": 90, "Kiev": 5}]
    late, early = ["normal", "plan"], ["plan", "normal"]
    records = [{"players": 2, "difficulties": d, "scores": s, "parts": parts, "winners": w, "finished": True,
                "_times": [[], []]}
               for d, s, w in [(late, [200, 250], [1]), (early, [300, 300], [0, 1]), (late, [280, 100], [0])]]
    out = summary("black", records, 1.0)
    assert out["scores"] == [250, 300, 100]
    assert out["parts"] == {"Trans-Siberian": 63.3, "Kiev": 3.3}
    assert out["win_rate"] == 0.5


def test_the_plan_bench_names_the_seeds_where_a_plan_beat_the_normal_player():
    """A plan can lose on average yet pay in some games: bench.rr_ts_plan names, per plan, the seeds
    where it scored more than the normal player on the same seed, and the mean of each seed's best."""
    from bench.rr_ts_plan import per_seed
    summaries = [{"plan": "black", "scores": [250, 300, 200]}, {"plan": "normal", "scores": [260, 290, 200]},
                 {"plan": "tracks", "scores": [270, 100, 150]}]
    out = per_seed(summaries, range(5, 8))
    assert out["better_than_normal_on_seeds"] == {"black": [6], "tracks": [5]}
    assert out["best_of_each_seed_mean"] == 256.7
    assert out["normal_mean"] == 250.0
