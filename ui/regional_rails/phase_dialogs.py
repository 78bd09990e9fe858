"""The dialog of each pending decision of Regional Rails, built from the
state and its legal actions: setup rolls and picks, the Build phase summary,
loans and stocks (Income), dividends, upgrades and regional development,
founding an additional railroad, and Rob the Robber Baron.

`PhaseDialogs` also keeps the little UI state these dialogs need between
frames: stepper values, the chosen stock target, the company being founded,
the dice of the last rolls (to draw the real faces), and the hint being
shown: its words head the dialog, the card or button that makes the hinted
move is outlined in the hint colour, and an amount stepper starts at the
hinted amount."""
from __future__ import annotations

from typing import Any

from game.core.actions import Action
from game.regional_rails import actions as A
from game.regional_rails import queries
from game.regional_rails.data import rules

from ui.regional_rails import dialogs as dlg
from ui.regional_rails.describe import ROLL_PURPOSES, sentence
from ui.regional_rails.dice import Roll
from ui.regional_rails.pieces import NAME_COLOURS, company_colours


class PhaseDialogs:
    def __init__(self) -> None:
        self.steppers: dict[str, dlg.Stepper] = {}
        self.rolls: dict[str, Roll] = {}
        self.stock_target: int | None = None
        self.found_company: str | None = None
        self.state: Any = None
        self._legal: list[Action] = []
        self.hint: Action | None = None  # the move a hint suggests, until the next move
        self.hint_text = ""

    def show_hint(self, action: Action | None, text: str = "") -> None:
        self.hint, self.hint_text = action, text
        if isinstance(action, A.BuyStock):
            self.stock_target = action.company

    def reset_steppers(self) -> None:
        self.steppers = {}

    def stepper(self, name: str, label: str, lo: int, hi: int, default: int,
                describe: dict[int, str]) -> dlg.Stepper:
        hinted = self._hinted_amount(name)
        st = self.steppers.get(name)
        if st is None or (st.lo, st.hi) != (lo, hi):
            start = default if hinted is None else hinted
            st = dlg.Stepper(name, label, lo, hi, max(lo, min(hi, start)), describe)
            self.steppers[name] = st
        st.describe = describe
        st.hinted = hinted is not None and st.value == hinted
        return st

    def _hinted_amount(self, stepper: str) -> int | None:
        """The amount the hint suggests for this stepper (None: not for it)."""
        kinds = {"loan": A.Borrow, "stock": A.BuyStock, "dividends": A.BuyDividends}
        hint = self.hint
        if stepper in kinds and isinstance(hint, kinds[stepper]):
            return int(getattr(hint, "amount"))
        if stepper == "loan" and isinstance(hint, A.EndPhase) and self.state.phase == "income":
            return 0
        return None

    def build(self, state: Any, legal: list[Action]) -> dlg.Dialog | None:
        """The dialog of the decision pending in `state` (None without legal moves)."""
        self.state, self._legal = state, legal
        if not legal:
            return None
        maker = getattr(self, "_dialog_" + state.phase, None)
        dialog = maker() if maker else None
        if dialog is not None and self.hint is not None:
            self._mark_hint(dialog)
        return dialog

    def _mark_hint(self, dialog: dlg.Dialog) -> None:
        """Outline the card or button that makes the hinted move, and say it in words first."""
        hint = self.hint
        for item in dialog.items:
            if isinstance(item, (dlg.Button, dlg.Option)):
                found = isinstance(hint, A.FoundRailroad) and item.key == ("found", hint.company)
                item.hinted = item.key == hint or found
        if self.hint_text:
            dialog.items.insert(0, dlg.Text(f"Hint: {self.hint_text}", hint=True))

    def _dialog_setup_roll(self) -> dlg.Dialog:
        purpose = ROLL_PURPOSES.get(self.state.roll_for, "the order")
        return dlg.Dialog(f"Roll for {purpose}", [
            dlg.Text("Everyone rolls one die; the highest goes first, ties roll again. "
                     "The dice appear on the board and in the game log."),
            dlg.Button("Roll the dice", A.RollDice(), accent=True)])

    def _dialog_setup_company(self) -> dlg.Dialog:
        seat = self.state.current_player()
        legal = {a.company for a in self._legal if isinstance(a, A.PickCompany)}
        items: list = [dlg.Text("Each company has one special ability for the whole game.")]
        items += [dlg.Option(c.name, c.ability, A.PickCompany(c.name), c.name in legal, NAME_COLOURS.get(c.name))
                  for c in rules().companies]
        return dlg.Dialog(f"{self.state.seats[seat].name}: pick your railroad company", items)

    def _dialog_setup_start(self) -> dlg.Dialog:
        seat = self.state.current_player()
        state = self.state
        items: list = [dlg.Text("Click a highlighted city on the map or pick it here. All Starting Cities "
                                "are taken before anyone shares one.")]
        for a in self._legal:
            if isinstance(a, A.PickStart):
                place = state.board.place((a.q, a.r))
                taken = [state.companies[i].name for i in state.interior.get((a.q, a.r), ())]
                detail = ("starting city" if place.start else "city") + (
                    f" · shared with {', '.join(taken)}" if taken else "")
                items.append(dlg.Option(place.name, detail, a))
        return dlg.Dialog(f"{state.seats[seat].name}: pick your starting city", items, columns=2)

    def _dialog_setup_tycoon(self) -> dlg.Dialog:
        seat = self.state.current_player()
        legal = {a.tycoon for a in self._legal if isinstance(a, A.PickTycoon)}
        items: list = [dlg.Option(t.name, t.ability, A.PickTycoon(t.name), t.name in legal)
                       for t in rules().tycoons]
        return dlg.Dialog(f"{self.state.seats[seat].name}: pick your tycoon", items)

    def _company(self):
        return self.state.companies[self.state.active]

    def _dialog_build(self) -> dlg.Dialog:
        c = self._company()
        t = self.state.turn
        limit = rules().section("build")["max_per_turn"]
        status = (f"{c.money} MB · {t.built} of {limit} rail markers built this turn · {c.rail_left} left"
                  + (" · station built" if t.station_built else ""))
        can_build = any(isinstance(a, (A.BuildInterior, A.BuildSide)) for a in self._legal)
        how = ("Click a hex side or interior marked in your colour to see its cost; click it again "
               "or press Build to pay." if can_build else
               "No rail marker can be built now (money, markers or the limit of the turn).")
        items: list = [dlg.Text(status), dlg.Text(how)]
        if any(isinstance(a, A.BuildStation) for a in self._legal):
            items.append(dlg.Text("An outlined house marks each city where you may build a station: "
                                  "click the city, then Station."))
        items.append(dlg.Button("End Build phase", A.EndPhase(), accent=True))
        return dlg.Dialog(f"Build phase — {c.name}", items)

    def _roll_dice(self, purpose: str, total: int) -> list[int]:
        roll = self.rolls.get(purpose)
        return list(roll.dice) if roll is not None and roll.total == total else []

    def _dialog_income(self) -> dlg.Dialog:
        c, t = self._company(), self.state.turn
        m = rules().section("money")
        items: list = [dlg.Text(f"Income this turn: +{t.income} MB; {c.name} now has {c.money} MB.")]
        items.append(dlg.Dice(f"Loan limit (2D6): {t.loan_roll}", self._roll_dice("loan availability", t.loan_roll)))
        if not t.borrowed:
            describe = {n: f"+{n} MB now, −{n * m['loan_vp']} VP" for n in range(1, t.loan_roll + 1)}
            describe[0] = f"no loan ({m['loan_vp']} VP per MB borrowed)"
            loan = self.stepper("loan", "Loan (MB)", 0, t.loan_roll, 0, describe)
            items += [loan, dlg.Button(f"Borrow {loan.value} MB", A.Borrow(loan.value) if loan.value else None,
                                       enabled=loan.value > 0)]
        else:
            items.append(dlg.Text("You have taken your loan for this turn."))
        items.append(dlg.Dice(f"Stock limit (2D6): {t.invest_roll}", self._roll_dice("investment", t.invest_roll)))
        items += self._stock_items()
        items.append(dlg.Button("Continue to the Event phase", A.EndPhase(), accent=True))
        return dlg.Dialog(f"Income phase — {c.name}", items)

    def _stock_items(self) -> list:
        state = self.state
        m = rules().section("money")
        targets = sorted({a.company for a in self._legal if isinstance(a, A.BuyStock)})
        if not targets:
            return [dlg.Text("No stock can be bought now (limit used up or no money).")]
        if self.stock_target not in targets:
            self.stock_target = targets[0]
        colours = company_colours(state)
        items: list = []
        for i in targets:
            o = state.companies[i]
            items.append(dlg.Option(o.name, f"owner {state.seats[o.owner].name}",
                                    ("stock_target", i), colour=colours[i], selected=i == self.stock_target))
        room = max(a.amount for a in self._legal if isinstance(a, A.BuyStock))
        target = state.companies[self.stock_target]
        per = m["stock_vp"] + rules().company(target.name).perk("stock_bonus", 0)
        describe = {n: f"pay {n} MB to {target.name}, +{n * per} VP" for n in range(1, room + 1)}
        describe[0] = f"no stock ({per} VP per MB paid)"
        stock = self.stepper("stock", "Buy (MB)", 0, room, 0, describe)
        items += [stock, dlg.Button(f"Buy {stock.value} stock of {target.name}",
                                    A.BuyStock(self.stock_target, stock.value) if stock.value else None,
                                    enabled=stock.value > 0)]
        return items

    def _dialog_dividends(self) -> dlg.Dialog:
        c, t = self._company(), self.state.turn
        d = rules().section("dividends")
        r1, r2 = t.dividend_rolls
        describe = {n: f"{n} MB → {queries.dividend_vp(self.state, n)} VP" for n in range(0, c.money + 1)}
        st = self.stepper("dividends", "Spend (MB)", 0, c.money, min(c.money, r1), describe)
        label = f"Buy {queries.dividend_vp(self.state, st.value)} VP for {st.value} MB" if st.value \
            else "Buy nothing"
        return dlg.Dialog(f"Dividends phase — {c.name}", [
            dlg.Text(f"The first {r1} MB buy {d['first_rate']} VP each, the next {r2} MB {d['second_rate']} VP "
                     f"each, every further MB {d['rest_rate']} VP. {c.name} has {c.money} MB."),
            dlg.Dice(f"First roll ({d['first_rate']} VP/MB): {r1}", self._roll_dice("first dividends roll", r1)),
            dlg.Dice(f"Second roll ({d['second_rate']} VP/MB): {r2}", self._roll_dice("second dividends roll", r2)),
            st, dlg.Button(label, A.BuyDividends(st.value), accent=True)])

    def _dialog_upgrade(self) -> dlg.Dialog:
        state, c = self.state, self._company()
        legal_types = {type(a) for a in self._legal}
        if self.found_company is not None:
            return dlg.Dialog(f"Found the {self.found_company}", [
                dlg.Text("Click a highlighted city on the map to start the new railroad there."),
                dlg.Button("Back", "found_back")])
        items: list = [dlg.Text(f"{c.name}: Train Level {c.train_level}, {c.money} MB.")]
        problem = state.upgrade_problem(c.index)
        items.append(dlg.Button(f"Upgrade to Train Level {c.train_level + 1} ({state.upgrade_cost(c.index)} MB)",
                                A.Upgrade(), enabled=A.Upgrade in legal_types))
        if problem:
            items.append(dlg.Text(sentence(problem)))
        up = rules().section("upgrade")
        items.append(dlg.Button(f"Draw a development marker ({up['development_cost']} MB)", A.Develop(),
                                enabled=A.Develop in legal_types))
        if state.tycoon_of(c.index) == "Dealer Dan":
            items.append(dlg.Button(f"Return an obsolescence token ({up['dealer_dan_cost']} MB)",
                                    A.RemoveObsolescence(), enabled=A.RemoveObsolescence in legal_types))
        founders = sorted({a.company for a in self._legal if isinstance(a, A.FoundRailroad)})
        if founders:
            items.append(dlg.Text(f"Found an additional railroad "
                                  f"({rules().section('supply')['additional_railroad_cost']} MB):", heading=True))
            items += [dlg.Option(n, rules().company(n).ability, ("found", n)) for n in founders]
        items.append(dlg.Button("End turn", A.EndPhase(), accent=True))
        return dlg.Dialog(f"Upgrade phase — {c.name}", items)

    def _dialog_end(self) -> dlg.Dialog:
        state = self.state
        colours = company_colours(state)
        items: list = [dlg.Text("Steal 1 VP from one railroad of another player.")]
        items += [dlg.Option(state.companies[a.company].name, state.seats[state.companies[a.company].owner].name,
                             a, colour=colours[a.company]) for a in self._legal if isinstance(a, A.Rob)]
        return dlg.Dialog("Rob the Robber Baron", items)
