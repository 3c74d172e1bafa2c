"""Write the lesson notebooks in lessons/ from the cell lists below (``python scripts/build_lessons.py``).

The notebooks only arrange explanations and widgets; everything about the rules lives in the
``tiangow`` package. They are saved without outputs: Voilà runs them on each visit.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

LESSONS = Path(__file__).resolve().parent.parent / "lessons"

INDEX = [
    """\
from tiangow import parse_tiles
from tiangow.widgets import IndexPage, Prose, T, TileView

page = IndexPage()
page.header()""",
    '''\
Prose(T(
    "<p>天九是用三十二張中國骨牌玩的吃墩遊戲，四人一檯，講求記性、計算和心理，"
    "玩法跟鋤大D、橋牌相似。現在懂得玩的人已經不多。這裏從認牌開始，一步一步教你。</p>"
    "<p>右上角可以切換 繁／简／English。你的進度只存在這個瀏覽器裏，重新載入也不會遺失。</p>",
    "<p>Tien Gow (天九, “Heaven and Nine”) is a four-player trick-taking game played with the 32 "
    "Chinese dominoes — a game of memory, counting and nerve, closer to bridge than to the gambling "
    "game Pai Gow. Few people still know how to play it. These lessons teach it step by step, "
    "starting with the tiles.</p>"
    "<p>Switch 繁 / 简 / English at the top right. Your progress is kept in this browser only, "
    "and survives a reload.</p>",
))''',
    """TileView(parse_tiles("66 36"), caption=T("天九：天牌配九", "Tien Gow: Heaven with a Nine"))""",
    """page.index""",
]

MASTERY_INTRO = '''\
Prose(T(
    "<h2>掌握測驗</h2><p>最後來一個小測驗：第一次就答對足夠的題數，這一課就算掌握，課程目錄上會打勾。</p>",
    "<h2>Mastery check</h2><p>To finish, a short test: answer enough questions right at the first try and "
    "the lesson counts as mastered — the index shows a tick.</p>",
))'''

LESSON_01 = [
    """\
from tiangow import CIVIL_KINDS, MILITARY_KINDS
from tiangow.drills import TileDrill
from tiangow.widgets import LessonPage, Prose, T, TileView

page = LessonPage("01_tiles")
page.header()""",
    '''\
Prose(T(
    "<p>天九用三十二張中國骨牌。每張牌是兩顆骰子的一種點數組合，沒有空白。牌分兩類："
    "<b>文子</b>十一種，每種兩張一模一樣，共二十二張；<b>武子</b>十張，每張都不同，按點數總和分級（§1）。</p>"
    "<p>文子的大小跟點數無關，要一張一張記住，下面由大到小排列。武子就看點數：九最大，三最小。</p>",
    "<p>Tien Gow uses the 32 Chinese dominoes. Each tile is one throw of two dice; there are no "
    "blanks. The tiles come in two suits: 11 <b>civil</b> (文) kinds, each in two identical copies "
    "(22 tiles), and 10 <b>military</b> (武) tiles, all different, ranked by their pip total (RULES §1).</p>"
    "<p>Civil ranks have nothing to do with the pips: learn them tile by tile, shown here from high "
    "to low. Military ranks follow the pips: nine is highest, three lowest.</p>",
))''',
    '''\
TileView(CIVIL_KINDS[:4], caption=T("文子・四大：天 地 人 和（第一至第四）", "Civil · the four greats 天地人和 (ranks 1–4)"),
         sub=[T(f"第{r}", f"#{r}") for r in range(1, 5)])''',
    '''\
TileView(CIVIL_KINDS[4:8], caption=T("文子・四素：梅 長 板 斧（第五至第八）", "Civil · the four plain 梅長板斧 (ranks 5–8)"),
         sub=[T(f"第{r}", f"#{r}") for r in range(5, 9)])''',
    '''\
TileView(CIVIL_KINDS[8:], caption=T("文子・三雜：紅頭 高腳 銅錘（第九至第十一）",
                                    "Civil · the three mixed 紅頭·高腳·銅錘 (ranks 9–11)"),
         sub=[T(f"第{r}", f"#{r}") for r in range(9, 12)])''',
    '''\
TileView(MILITARY_KINDS, caption=T("武子：九 八 七 六 五 三 —— 同級的兩張一樣大（R-T1）",
                                   "Military: nines, eights, sevens, the six 2-4, fives, the three 1-2 — "
                                   "two tiles of one rank are equal (R-T1)"),
         sub=[T(f"第{t.rank}級", f"rank {t.rank}") for t in MILITARY_KINDS])''',
    '''\
Prose(T(
    "<p><b>紅點</b>：跟中國骰子一樣，一點和四點都是紅色；天牌的兩個六各有三紅三白；其餘都是白點（R-T2）。"
    "一點畫得特別大，兩點並排在牌的一端，三點斜排（長三例外）。小的一頭在上：紅頭十的紅四在上面。</p>",
    "<p><b>Red pips</b>: as on Chinese dice, every 1 and every 4 is red; on 天 each six has three red "
    "and three white pips; all others are white (R-T2). The single 1 is drawn large, a 2 sits side by "
    "side at the end of the tile, a 3 runs diagonally (except on 長三). The smaller face is on top: "
    "紅頭十, “red-head ten”, has its red 4 at the head.</p>",
))''',
    '''\
Prose(T(
    "<h2>練習</h2><p>四種題目：看牌認名、看名認牌、文子還是武子、數紅點。每題有三次機會；"
    "答錯的牌會更快再出現，答對的牌慢慢升格。</p>",
    "<h2>Practice</h2><p>Four kinds of question: name the tile, find the tile, civil or military, "
    "count the red pips. Three tries each; tiles you miss come back sooner, tiles you know move up "
    "a box and appear less often.</p>",
))''',
    """\
drill = TileDrill()
page.quiz(drill)""",
    """page.boxes(drill, caption=T("你的進度：二十一種牌", "Your progress: the 21 kinds"))""",
    MASTERY_INTRO,
    """page.mastery()""",
    """page.footer()""",
]

LESSON_02 = [
    """\
from tiangow import CIVIL_KINDS, MILITARY_KINDS, parse_tiles
from tiangow.drills import RankDrill
from tiangow.widgets import LessonPage, Prose, T, TileView, WorkedExample

page = LessonPage("02_ranks")
page.header()""",
    '''\
Prose(T(
    "<p>出單張時，只有<b>同一類</b>而且<b>更大</b>的牌才打得過（R-C1）：文子打文子，武子打武子，"
    "文子和武子永遠互不相打。一樣大的兩張，先出的保住這一墩（R-C3）。</p>"
    "<p>文子的次序要背熟，老一輩用三句口訣：<b>天地人和，梅長板斧，紅頭高腳銅錘</b>。</p>",
    "<p>A single tile can only be beaten by a <b>higher</b> tile of the <b>same class</b> (R-C1): civil "
    "beats civil, military beats military, and civil and military never meet. Of two equal tiles, the "
    "first keeps the trick (R-C3).</p>"
    "<p>Learn the civil order by heart; players chant it in three lines: <b>天地人和, 梅長板斧, "
    "紅頭高腳銅錘</b> — Heaven Earth Man Harmony; Plum, Long three, Bench, Axe; Red-head, Long-leg, "
    "Copper-hammer.</p>",
))''',
    '''\
TileView(CIVIL_KINDS, caption=T("文子由大到小：天地人和 · 梅長板斧 · 紅頭高腳銅錘",
                                "Civil, high to low: 天地人和 · 梅長板斧 · 紅頭高腳銅錘"),
         sub=[T(f"第{t.rank}", f"#{t.rank}") for t in CIVIL_KINDS])''',
    '''\
TileView(MILITARY_KINDS, caption=T("武子看點數：九 八 七 六 五 三；同點的兩張一樣大（R-T1）",
                                   "Military, by pips: nine, eight, seven, six, five, three; "
                                   "the two tiles of one total are equal (R-T1)"),
         sub=[T(f"第{t.rank}級", f"rank {t.rank}") for t in MILITARY_KINDS])''',
    '''\
WorkedExample(T("例一：同類，大的贏", "Example 1: same class, the higher wins"),
              [(T("東家先出", "East leads"), parse_tiles("55")), (T("南家打", "South plays"), parse_tiles("11"))],
              T("地是第二大的文子，梅排第五：南家的地打贏（R-C1）。",
                "地 is the second civil tile, 梅 the fifth: South's 地 wins (R-C1)."))''',
    '''\
WorkedExample(T("例二：一樣大，先出的贏", "Example 2: equal, the first keeps it"),
              [(T("東家先出", "East leads"), parse_tiles("36")), (T("南家出", "South plays"), parse_tiles("45"))],
              T("兩張九一樣大（R-T1）；一樣大打不了，東家保住這一墩（R-C3）。",
                "The two nines rank equal (R-T1); equal does not beat, so East keeps the trick (R-C3)."))''',
    '''\
WorkedExample(T("例三：文武不相打", "Example 3: civil and military never meet"),
              [(T("東家先出", "East leads"), parse_tiles("15")), (T("南家出", "South plays"), parse_tiles("36"))],
              T("銅錘六是最小的文子，九是最大的武子，但武子打不了文子（R-C1）：東家贏。",
                "銅錘六 is the lowest civil tile and the nine the highest military tile, but military cannot "
                "beat civil (R-C1): East wins."))''',
    '''\
Prose(T(
    "<h2>練習</h2><p>三種題目：單張誰贏、五張排次序、能不能打。答錯的牌會更快再出現。</p>",
    "<h2>Practice</h2><p>Three kinds of question: which single wins, put five tiles in order, can this "
    "tile beat that one. Tiles you miss come back sooner.</p>",
))''',
    """\
drill = RankDrill()
page.quiz(drill)""",
    """page.boxes(drill, caption=T("你的進度：二十一種牌", "Your progress: the 21 kinds"))""",
    MASTERY_INTRO,
    """page.mastery()""",
    """page.footer()""",
]

LESSON_03 = [
    """\
from tiangow import Kind, parse_tiles
from tiangow.drills.combinations import ComboDrill
from tiangow.widgets import CombinationTable, LessonPage, Prose, T, WorkedExample

page = LessonPage("03_combinations")
page.header()""",
    '''\
Prose(T(
    "<p>先出的人可以出一至四張牌，但必須成為<b>九種牌型</b>之一，否則不成牌（R-C2）。"
    "跟牌的人只能用<b>同一類</b>、更大的牌去打（R-C1）——地八只有天九打得過，雙天和雜九都不行。"
    "一樣大的，先出的贏（R-C3）。</p>",
    "<p>The leader may play one to four tiles, but they must form one of <b>nine classes</b>; anything "
    "else is not a play (R-C2). A follower can only beat it with a higher play of the <b>same class</b> "
    "(R-C1) — 地八 falls only to 天九, never to 雙天 or to the mixed nines. Equal plays: the first keeps "
    "the trick (R-C3).</p>",
))''',
    """CombinationTable([Kind.CIVIL_PAIR, Kind.MILITARY_PAIR, Kind.MIXED_PAIR])""",
    '''\
Prose(T(
    "<p><b>至尊</b>是丁三配大頭六（1-2 + 2-4）：只能先出，沒有牌打得過它，它也打不了任何牌（R-C4）。"
    "三張和四張的組合都由「四大」配上它們的武子組成：天配九、地配八、人配七、和配五。</p>",
    "<p>The <b>supreme</b> is 1-2 with 2-4: it can only be led, nothing beats it and it beats nothing "
    "(R-C4). Triples and quads are each of the four greats with its military partners: 天 with the nines, "
    "地 with the eights, 人 with the sevens, 和 with the fives.</p>",
))''',
    """CombinationTable([Kind.SUPREME, Kind.CIVIL_TRIPLE, Kind.MILITARY_TRIPLE, Kind.QUAD])""",
    '''\
WorkedExample(T("例一：地八只怕天九", "Example 1: only 天九 beats 地八"),
              [(T("先出", "led"), parse_tiles("11 26")), (T("打得過", "beats it"), parse_tiles("66 45")),
               (T("打不過：不同類", "cannot: another class"), parse_tiles("66 66"))],
              T("天九和地八同是文武對，天九大（R-C1）；雙天是文對，跟地八不能比。",
                "天九 and 地八 are both civil-military pairs and 天九 ranks higher (R-C1); 雙天 is a civil pair "
                "and cannot be compared with 地八."))''',
    '''\
WorkedExample(T("例二：三文和三武不同類", "Example 2: civil and military triples differ"),
              [(T("先出三武和五", "led: military triple 和五"), parse_tiles("13 23 14")),
               (T("三文地八打不了", "civil triple 地八 cannot beat it"), parse_tiles("11 11 26"))],
              T("地八雖然比和五大，但三文和三武是兩類（R-C1）：先出的贏。",
                "地八 outranks 和五, but civil and military triples are different classes (R-C1): the lead holds."))''',
    '''\
WorkedExample(T("例三：拆牌自由", "Example 3: splitting is free"),
              [(T("手上有三文地八", "holding a civil triple 地八"), parse_tiles("11 11 26"))],
              T("先出時可以出地、八、雙地、地八或整手三文地八（R-C5）。有些人不許拆（第六課）。",
                "When leading you may play 地, the eight, 雙地, 地八 or the whole triple (R-C5). Some tables "
                "forbid splitting (lesson 6)."))''',
    '''\
Prose(T(
    "<h2>練習</h2><p>成不成牌、是哪一類；兩手牌哪個大；再找出一手牌裏所有的組合。</p>",
    "<h2>Practice</h2><p>Is it a play, and of which class; which of two plays is higher; then find every "
    "play in a hand.</p>",
))''',
    """\
drill = ComboDrill()
page.quiz(drill)""",
    """page.find_all(drill)""",
    MASTERY_INTRO,
    """page.mastery()""",
    """page.footer()""",
]

LESSON_04 = [
    """\
from tiangow import parse_tiles
from tiangow.drills.tricks import TrickDrill
from tiangow.widgets import LessonPage, Prose, T, WorkedExample

page = LessonPage("04_tricks")
page.header()""",
    '''\
Prose(T(
    "<p>四人一檯：東、南、西、北，按這個次序輪流出牌（R-S1）。每人八張牌（R-S3）。"
    "<b>莊家</b>先出第一墩，之後每一墩由上一墩的贏家先出（R-P1）。先出的人可以出任何一種牌型，一至四張（R-P2）。</p>"
    "<p>跟牌的人輪到自己時只有兩個選擇：用<b>同一類更大</b>的牌去<b>打</b>，或者<b>墊</b>同樣張數的牌——任何牌都行，"
    "蓋着出，別人看不到（R-P3、R-P4）。打得過也可以墊。最大的一手贏這一墩，每人出幾張就贏幾<b>棟</b>，"
    "一局共八棟（R-P5）。</p>",
    "<p>Four players — East, South, West, North — act in that order (R-S1), eight tiles each (R-S3). The "
    "<b>banker</b> leads the first trick; the winner of each trick leads the next (R-P1). A leader may play "
    "any combination of one to four tiles (R-P2).</p>"
    "<p>On their turn a follower either <b>plays</b> a higher combination of the <b>same class</b>, or "
    "<b>discards</b> as many tiles — any tiles, face down, unseen by the others (R-P3, R-P4). You may discard "
    "even when you could beat. The best play takes the trick and as many <b>stacks</b> as each player put "
    "in: a hand always yields eight stacks (R-P5).</p>",
))''',
    '''\
WorkedExample(T("例一：一墩對子", "Example 1: a trick of pairs"),
              [(T("東家先出", "East leads"), parse_tiles("55 55")), (T("南家墊兩張", "South discards two"), (None, None)),
               (T("西家打", "West plays"), parse_tiles("44 44")), (T("北家墊兩張", "North discards two"), (None, None))],
              T("雙人比雙梅大（R-C1）：西家贏兩棟（R-P5），下一墩由西家先出（R-P1）。",
                "雙人 outranks 雙梅 (R-C1): West takes two stacks (R-P5) and leads the next trick (R-P1)."))''',
    '''\
Prose(T(
    "<p><b>結牌</b>：贏最後一墩的人贏這一局（R-W1）。但贏家最後至少要有<b>兩棟</b>（R-W2）："
    "如果你一棟都沒有，最後一墩又只有一張，就算手上是天也只能墊。最後兩張是一對的話，沒有棟也可以爭。"
    "最後一墩的先出者一定合資格，因為他剛贏了上一墩（R-W3）。</p>",
    "<p><b>Winning the hand</b>: whoever takes the last trick wins the hand (R-W1). But the winner must end "
    "with at least <b>two stacks</b> (R-W2): with no stack and a single-tile last trick you must discard, "
    "even holding 天. If the last trick is a pair, a player with no stack may still compete. The leader of "
    "the last trick always qualifies, having just won the trick before (R-W3).</p>",
))''',
    '''\
WorkedExample(T("例二：沒有棟，最後一張天也要墊", "Example 2: no stack — even 天 must be discarded"),
              [(T("東家（7 棟）先出最後一墩", "East (7 stacks) leads the last trick"), parse_tiles("56")),
               (T("南家（0 棟）手上的天", "South (0 stacks) holds"), parse_tiles("66"))],
              T("天比斧頭大，但南家沒有棟，贏了最後一墩也只有一棟，不夠兩棟，所以只能墊牌（R-W2）：東家贏。",
                "天 outranks 斧頭, but South has no stack: winning a one-tile last trick would leave it one "
                "stack, not two, so it must discard (R-W2). East wins."))''',
    '''\
Prose(T(
    "<h2>練習</h2><p>以下的牌局都是真發出來、照常打到一半的：先判斷誰贏、還能不能贏，再親手跟牌，"
    "最後把一局的最後三墩打完。</p>",
    "<h2>Practice</h2><p>The positions below come from real deals, played part of the way: say who wins a "
    "trick and who can still win the hand, then follow in a trick yourself, and finally play out the last "
    "three tricks of a hand.</p>",
))''',
    """\
drill = TrickDrill()
page.quiz(drill)""",
    """page.act(drill)""",
    """page.play_out(drill)""",
    MASTERY_INTRO,
    """page.mastery()""",
    """page.footer()""",
]

LESSON_05 = [
    """\
from tiangow import parse_tiles, settle
from tiangow.drills.scoring import ScoringDrill
from tiangow.widgets import LessonPage, Prose, SettlementTable, T, WorkedExample

page = LessonPage("05_scoring")
page.header()""",
    '''\
Prose(T(
    "<p>一局打完，輸家按手上的棟數付錢給贏家。<b>四棟</b>是本：有四棟的輸家不用付（歸本，R-$1）。"
    "少於四棟的付 4 − 棟數；一棟都沒有（<b>空棟</b>）要付 5（R-$2）。有五棟或六棟的輸家叫<b>入一、入二</b>，"
    "反而由贏家付 1 或 2 給他（R-$3）。</p>"
    "<p><b>莊家倍數</b>：莊家第一局 m = 2，連莊一局加一（3、4、5……）。莊家和閒家之間的輸贏乘 m，"
    "閒家之間不乘。但輸了的莊家入一入二時<b>不</b>乘 m（R-$3）。贏家做下一局的莊家，連贏就連莊（R-B1）。</p>",
    "<p>When the hand is over, each loser pays the winner according to their stacks. <b>Four stacks</b> is "
    "par: a loser with four pays nothing (R-$1). With fewer, a loser pays 4 − stacks; with none at all "
    "(<b>空棟</b>) they pay 5 (R-$2). A loser with five or six stacks (<b>入一, 入二</b>) is paid 1 or 2 by "
    "the winner instead (R-$3).</p>"
    "<p><b>The banker multiplier</b> m is 2 in the banker's first hand and grows by one with each further "
    "hand as banker (3, 4, 5 …). Payments between the banker and another player are multiplied by m; "
    "between two others, not. But a losing banker's 入一/入二 is <b>not</b> multiplied (R-$3). The winner "
    "banks next; a banker who wins again stays and the streak grows (R-B1).</p>",
))''',
    '''\
SettlementTable(settle([1, 4, 0, 3], winner=3, banker=0), T("例一（RULES §6）", "Worked example 1 (RULES §6)"))''',
    '''\
SettlementTable(settle([1, 5, 0, 2], winner=3, banker=0), T("例二：入一", "Worked example 2: 入一"))''',
    '''\
Prose(T(
    "<p><b>局中即付</b>：至尊贏了不是最後一墩的一墩，其他三家即時各付 2（賀尊，R-$5）；四文武贏了一墩，各付 4"
    "（四大賀，R-$6）。莊家和閒家之間同樣乘 m。</p>"
    "<p><b>奇牌</b>只乘贏家<b>收</b>的錢，不乘他付出的入一入二（R-$4）："
    "包尊（至尊結牌）×2、不收賀尊（R-$7）；四大包（四文武結牌）×4（R-$8）；么結（先出的丁三結牌）×2（R-$9）；"
    "全取八棟是七支（×2）或八支（×4）：最後一墩是單張而且別人只因為不夠兩棟才不能爭，是七支，否則是八支（R-$11）。"
    "幾種一起出現就相乘。</p>"
    "<p><b>擒</b>：最後一墩先出的丁三被大頭六打贏了，被擒的人一個人替所有輸家付錢給贏家，再乘 2；"
    "其他輸家不用付，入一入二照樣由贏家付（R-$10）。</p>",
    "<p><b>Paid at once</b>: a supreme that wins a trick other than the last earns 2 from each other "
    "player on the spot (賀尊, R-$5); a quad that wins a trick earns 4 (四大賀, R-$6) — times m between the "
    "banker and another player.</p>"
    "<p><b>Special finishes</b> multiply only what the winner <b>collects</b>, never the 入一/入二 they pay "
    "out (R-$4): 包尊, the last trick won with a supreme, ×2 and no 賀尊 money (R-$7); 四大包, with a quad, "
    "×4 (R-$8); 么結, with a led 1-2, ×2 (R-$9); all eight stacks is 七支 (×2) when the last trick was a "
    "single the others could not contest only because of the two-stack rule, otherwise 八支 (×4) (R-$11). "
    "They combine by multiplying.</p>"
    "<p><b>Capture</b> (擒): when a 1-2 led into the last trick is taken by a 2-4 that wins it, the captured "
    "player alone pays the winner what every loser would have paid, times 2; the other losers pay nothing, "
    "and 入一/入二 players are still paid by the winner (R-$10).</p>",
))''',
    '''\
WorkedExample(T("奇牌的樣子：最後一墩用甚麼牌贏", "What the special finishes look like: the last trick won with"),
              [(T("包尊：至尊", "包尊: the supreme"), parse_tiles("12 24")),
               (T("四大包：四文武", "四大包: a quad"), parse_tiles("11 11 26 35")),
               (T("么結：先出的丁三", "么結: a led 1-2"), parse_tiles("12")),
               (T("擒：丁三被大頭六打贏", "擒: a led 1-2 taken by 2-4"), parse_tiles("12 24"))],
              T("包尊 ×2（R-$7）、四大包 ×4（R-$8）、么結 ×2（R-$9）；擒則由先出丁三的人包賠，×2（R-$10）。",
                "包尊 ×2 (R-$7), 四大包 ×4 (R-$8), 么結 ×2 (R-$9); in a capture the player who led the 1-2 "
                "pays for everyone, ×2 (R-$10)."))''',
    '''\
SettlementTable(settle([0, 1, 2, 5], winner=2, banker=0, captured=1),
                T("擒的例子（RULES §6.2，n = 1）", "The capture example (RULES §6.2, n = 1)"))''',
    '''\
SettlementTable(settle([3, 5, 0, 0], winner=0, banker=0, streak=2, finishes=["包尊"]),
                T("包尊：莊家以至尊結牌，南家入一（第四號資料的例子）", "包尊: the banker finishes with the supreme, South has 入一 (seed 004)"))''',
    '''\
SettlementTable(settle([0, 0, 8, 0], winner=2, banker=0, finishes=["八支"]),
                T("八支：西家全取八棟", "八支: West takes all eight stacks"))''',
    '''\
Prose(T(
    "<h2>練習</h2><p>先選答案，再自己把每一家的輸贏算出來填上。答錯時會告訴你是哪一種常見的錯。</p>",
    "<h2>Practice</h2><p>First choose the result, then work out and type every seat's result yourself. A "
    "wrong number is matched to the common mistake behind it.</p>",
))''',
    """\
drill = ScoringDrill()
page.quiz(drill)""",
    """page.settle(drill)""",
    MASTERY_INTRO,
    """page.mastery()""",
    """page.footer()""",
]

LESSON_06 = [
    """\
from tiangow.drills.variants import DEMOS, VariantDrill
from tiangow.widgets import LessonPage, Prose, T, VariantExplorer

page = LessonPage("06_variants")
page.header()""",
    '''\
Prose(T(
    "<p>天九流傳了幾百年，各地各家的玩法不完全一樣。這個課程的預設規則跟第四號資料（一篇整理 Ng Kwai-Shang 1886 年"
    "牌例的文章）走，再加上今天人人都玩的入一、入二。其他說法都是可以切換的<b>變化</b>：按一下，引擎就用那一種規則重新打、重新計。</p>",
    "<p>Tien Gow has been played for centuries, and tables differ. This course's defaults follow seed 004, an "
    "essay reconciling Ng Kwai-Shang's rules of 1886, plus the modern 入一/入二 that everyone plays. Every "
    "other reading is a <b>variant</b> you can switch: press a button and the engine replays and resettles "
    "the example under that reading.</p>",
))''',
    """VariantExplorer(DEMOS[0])""",
    """VariantExplorer(DEMOS[1])""",
    """VariantExplorer(DEMOS[2])""",
    """VariantExplorer(DEMOS[3])""",
    """VariantExplorer(DEMOS[4])""",
    """VariantExplorer(DEMOS[5])""",
    """VariantExplorer(DEMOS[6])""",
    """VariantExplorer(DEMOS[7])""",
    """VariantExplorer(DEMOS[8])""",
    """VariantExplorer(DEMOS[9])""",
    '''\
Prose(T(
    "<p>第四號資料還解釋了為甚麼輸了的莊家入一、入二<b>不</b>加倍：如果加倍，連莊七次的莊家入二時，結牌的閒家要付 16，"
    "比故意輸、讓莊家全取八棟還虧。結牌制止了莊家卻輸得更多，這不合理，所以莊家入一入二跟閒家一樣（R-$3）。</p>",
    "<p>Seed 004 also explains why a losing banker's 入一/入二 is <b>not</b> multiplied: otherwise, against a "
    "banker seven hands into a streak, the player who won the hand would owe the banker 16 for 入二 — worse "
    "than losing on purpose. Stopping the banker should not cost more than letting him win, so a banker's "
    "入一/入二 is paid like anyone's (R-$3).</p>",
))''',
    '''\
Prose(T("<h2>練習</h2><p>每題先說明用哪一種規則，再問結果。</p>",
        "<h2>Practice</h2><p>Each question states the reading of the rules first, then asks what happens.</p>"))''',
    """\
drill = VariantDrill()
page.quiz(drill)""",
    MASTERY_INTRO,
    """page.mastery()""",
    """page.footer()""",
]

LESSON_07 = [
    """\
from tiangow import parse_tiles
from tiangow.drills.dealing import DealingDrill
from tiangow.widgets import LessonPage, Prose, T, TileView

page = LessonPage("07_dealing")
page.header()""",
    '''\
Prose(T(
    "<p><b>定莊</b>：第一局開始前，四人各擲兩顆骰子，點數最大的做莊家，並先選座位；最大點數相同的人再擲（R-S2）。"
    "之後每局由贏家做莊（飛莊）。座位是東、南、西、北，出牌也按這個次序（R-S1）。</p>"
    "<p><b>砌牌</b>：洗牌後莊家把三十二張牌蓋着砌成八棟，每棟四張。莊家的對家先說用哪一種<b>牌頭</b>開牌，再擲兩顆骰子："
    "從擲骰的人數起算一，按出牌次序數到骰子的點數，那一家先取牌，其餘順次（§9）。</p>",
    "<p><b>The first banker</b>: before the first hand each player throws two dice; the highest throw banks and "
    "chooses a seat first; tied players throw again (R-S2). After that the winner of each hand banks (飛莊). "
    "The seats are East, South, West, North, which is also the order of play (R-S1).</p>"
    "<p><b>The wall</b>: after shuffling, the banker builds the 32 tiles face down into eight stacks of four. "
    "The player opposite the banker names the <b>dealing method</b> (牌頭) and throws two dice: counting from "
    "the thrower as one, in turn order, the throw picks who takes first; the others follow in turn (§9).</p>",
))''',
    '''\
Prose(T("<p>試試看：先擲骰定莊，選一種牌頭，擲骰，再一張一張發牌。</p>",
        "<p>Try it: throw for the banker, pick a method, throw the dice, then deal tile by tile.</p>"))''',
    """page.dealing()""",
    '''\
Prose(T(
    "<p><b>例牌</b>（§8，要大家先同意才玩）：發牌後拿到例牌的人可以立刻亮牌贏這一局，按七支或八支計分。"
    "<b>七支</b>：七張文子、七張武子、或全手只有一個紅點（全白一點紅）。<b>八支</b>：八張文子、八張武子、全白（沒有紅點）、"
    "或四對（文對或雜九、雜八、雜七、雜五；天九這種文武對不算）。莊家和閒家同時有例牌，莊家優先；閒家之間按出牌次序。"
    "除了全白一點紅，其他例牌都要開局前講好才算。</p>",
    "<p><b>Natural hands</b> (§8, only when the table agrees beforehand): a player dealt a natural may show it "
    "and win at once, scored as seven or eight stacks. <b>Seven</b>: seven civil tiles, seven military tiles, "
    "or exactly one red pip in the whole hand (全白一點紅). <b>Eight</b>: eight civil, eight military, no red "
    "pip at all, or four pairs (civil pairs, or the mixed nines, eights, sevens, fives; pairs like 天九 do not "
    "count). The banker's natural comes first, then turn order. All but 全白一點紅 must be agreed before play.</p>",
))''',
    '''\
TileView(parse_tiles("13 55 33 22 56 36 26 35"), caption=T("全白一點紅：只有和牌的一點紅——七支例牌",
                                                           "All white but one red pip (the 1 of 和) — a seven-stack natural"))''',
    '''\
TileView(parse_tiles("66 66 55 55 36 45 23 14"), caption=T("四對：雙天、雙梅、雜九、雜五——八支例牌",
                                                           "Four pairs: 雙天, 雙梅, mixed nines, mixed fives — an eight-stack natural"))''',
    '''\
Prose(T("<h2>練習</h2><p>誰做莊、誰先取牌、每種牌頭取哪幾棟、這手牌是不是例牌。</p>",
        "<h2>Practice</h2><p>Who banks, who takes first, which stacks each method gives, and whether a hand is a natural.</p>"))''',
    """\
drill = DealingDrill()
page.quiz(drill)""",
    MASTERY_INTRO,
    """page.mastery()""",
    """page.footer()""",
]

LESSON_08 = [
    """\
from tiangow.drills.play import PlayRecord
from tiangow.widgets import LessonPage, Prose, T

page = LessonPage("08_play")
page.header()""",
    """\
Prose(T(
    "<p>現在打真的牌局。你坐在下方，另外三家是電腦；出牌次序是東、南、西、北（R-S1），莊家先出第一墩（R-P1）。"
    "輪到你時，點選手上的牌，再按<b>出牌</b>（先出，或打過這一墩）或<b>墊牌</b>（蓋着墊同樣張數，R-P3）。"
    "不合規則的牌會說明原因，不會打出去。</p>"
    "<p>不知道怎樣出？按<b>提示</b>：第一次只提醒你想甚麼，第二次才給建議，並列出每一種出法的結果——"
    "電腦把你沒看見的牌隨機分配很多次，每次把牌局打完，算平均淨輸贏和贏局的比率；"
    "到最後幾墩就完全算盡。你每出一步，都會得到評分：<b>最佳</b>、<b>可以</b>或<b>失誤</b>。"
    "出錯了可以<b>悔棋</b>。</p>"
    "<p>牌局完了，蓋着的牌全部翻開，結算一項一項列出，每一項都註明規則；按<b>下一局</b>，贏家做莊（R-B1），累計分數繼續算。"
    "想換座位、對手或者第六課的規則變體，打開「座位、對手、規則」。</p>",
    "<p>Now for real hands. You sit at the bottom; the other three seats are computer players. Play goes East, "
    "South, West, North (R-S1) and the banker leads the first trick (R-P1). On your turn, click tiles in your "
    "hand, then press <b>Play</b> (to lead, or to beat the trick) or <b>Discard</b> (the same number, face down, "
    "R-P3). An illegal choice is explained, not played.</p>"
    "<p>Stuck? Press <b>Hint</b>: the first press only says what to think about; the second gives the "
    "recommended play and the outcome of every option — the computer deals the tiles you have not seen at "
    "random many times and plays each hand out, giving the mean net and how often you win; in the last tricks "
    "it searches every line exactly. Each action you take is marked <b>best</b>, <b>fine</b> or "
    "<b>mistake</b>, and <b>Undo</b> takes it back.</p>"
    "<p>When the hand is over, every face-down discard is turned up and the settlement is listed line by line "
    "with the rule behind each; <b>Next hand</b> passes the bank to the winner (R-B1) and the running score "
    "goes on. To change your seat, the opponents or the variants of lesson 6, open “Seat, opponents, rules”.</p>",
))""",
    """\
Prose(T(
    "<p><b>記住三件事</b>：贏最後一墩就贏這一局（R-W1）；最後一墩只有一張時，沒有棟的人不能贏（R-W2），"
    "所以至少要先贏一墩；留一張大牌（或一對）到最後。</p>",
    "<p><b>Three things to remember</b>: whoever wins the last trick wins the hand (R-W1); a player with no stack "
    "cannot win a one-tile last trick (R-W2), so win a trick early; and keep a strong tile (or pair) for the end.</p>",
))""",
    """\
record = PlayRecord()
page.play(record)""",
    """page.footer()""",
]

LESSON_09 = [
    """\
from tiangow import paigow, parse_tiles
from tiangow.drills.paigow import PaiGowDrill, SplitDrill, why_wins, worth_text
from tiangow.widgets import LessonPage, Prose, T, WorkedExample
from tiangow.widgets.paigow import HandRanking, SplitExplorer

page = LessonPage("09_paigow")
page.header()""",
    """\
Prose(T(
    "<p>同一副三十二張牌還有另一種玩法：<b>推牌九</b>（§11）。每人四張牌，分成兩手，每手兩張："
    "小的一手擺在<b>前</b>面，大的一手擺在<b>後</b>面，各自跟莊家同一位置的一手比。"
    "前後都贏就贏，前後都輸就輸，一贏一輸是和局。推牌九的大小跟天九不一樣，但牌還是你認得的牌。</p>",
    "<p>The same 32 tiles have another game: <b>Pai Gow</b> (推牌九, §11). Each player gets four tiles and "
    "sets them as two hands of two: the lower hand in <b>front</b>, the higher <b>behind</b>; each meets the "
    "banker's hand in the same place. Win both and you win, lose both and you lose, one each is a push. "
    "The ranking is not Tien Gow's, but the tiles are the ones you know.</p>",
))""",
    """HandRanking()""",
    """\
Prose(T(
    "<h2>點數</h2><p>不是上面二十二種的，就只算兩張牌<b>點數</b>之和的個位數，九點最大，零點最小。"
    "文子的點數：天 12、地 2、人 8、和 4、梅 10、長 6、板 4、斧 11、紅頭 10、高腳 7、銅錘 6；武子就是點子的總數。</p>",
    "<h2>Points</h2><p>Any other hand counts the last digit of its two tiles' <b>points</b>: nine is best, "
    "zero worst. Civil points: 天 12, 地 2, 人 8, 和 4, 梅 10, 長 6, 板 4, 斧 11, 紅頭 10, 高腳 7, 銅錘 6; a military "
    "tile counts its pips.</p>",
))""",
    """\
WorkedExample(T("三個例子（第三號資料）", "Three examples (seed 003)"),
              [(T(paigow.hand(parse_tiles(h)).name, paigow.hand(parse_tiles(h)).name_en), parse_tiles(h))
               for h in ("13 23", "23 56", "55 46")],
              T(" ".join(worth_text(paigow.hand(parse_tiles(h))).zh for h in ("13 23", "23 56", "55 46")),
                " ".join(worth_text(paigow.hand(parse_tiles(h))).en for h in ("13 23", "23 56", "55 46"))))""",
    """\
Prose(T(
    "<h2>同點怎樣分</h2><p>點數一樣，就比兩手裏<b>較大的那一張</b>，次序是 天 地 人 和 梅 長 板 斧 紅頭 高腳 銅錘、"
    "九 八 七 六 五 三。連這一張都一樣大，就算莊家贏（食夾棍）。</p>",
    "<h2>Equal points</h2><p>With equal points, compare each hand's <b>higher tile</b> in the order 天 地 人 和 "
    "梅 長 板 斧 紅頭 高腳 銅錘, then 九 八 七 六 五 三. If those are equal too, the banker wins.</p>",
))""",
    """\
WorkedExample(T("板凳斧頭對零霖雜九", "Bench-axe against copper-hammer and nine"),
              [(T("閒家", "player"), parse_tiles("22 56")), (T("莊家", "banker"), parse_tiles("15 45"))],
              why_wins(paigow.hand(parse_tiles("22 56")), paigow.hand(parse_tiles("15 45"))))""",
    """\
Prose(T(
    "<h2>大細雞</h2><p>丁三（1-2）和二四（2-4）單獨用時，可以當 3 點或 6 點，取較好的（近代賭場的規則）。"
    "「拎林六、長衫六、高腳七，仲有一隻大頭六」：銅錘六配二四，當 6 點只有 2 點，當 3 點就是 9 點。</p>",
    "<h2>The wild tiles</h2><p>Alone, the 1-2 and the 2-4 each count as 3 or 6 points, whichever is better "
    "(the modern casino rule). In the old song's hand, 銅錘六 with the 2-4 is only 2 points counting 6, but "
    "9 counting 3.</p>",
))""",
    """\
WorkedExample(T("銅錘六配二四", "Copper-hammer six with the 2-4"),
              [(T("這一手", "the hand"), parse_tiles("15 24"))], worth_text(paigow.hand(parse_tiles("15 24"))))""",
    """\
Prose(T("<h2>練習：誰贏、值多少</h2>", "<h2>Practice: who wins, and what a hand is worth</h2>"))""",
    """\
drill = PaiGowDrill()
page.quiz(drill)""",
    """\
Prose(T(
    "<h2>四張牌怎樣擺</h2><p>四張牌有三種分法。莊家用固定的擺法（house way）：有對子就保留對子；"
    "不然就讓前面那一手盡量大。下面把每種分法跟莊家所有可能的四張牌（其餘二十八張裏的 20,475 種）都比過，"
    "算出期望值——看看固定擺法甚麼時候不是最好的。</p>",
    "<h2>Setting four tiles</h2><p>Four tiles split three ways. The banker sets by a fixed <b>house way</b>: "
    "keep a pair together; otherwise make the front hand as strong as possible. Below, each split is played "
    "against all 20,475 banker holdings from the other 28 tiles to give its expected value — and to show "
    "when the house way is not the best.</p>",
))""",
    """SplitExplorer(seed=9)""",
    """\
Prose(T("<h2>練習：你來擺</h2>", "<h2>Practice: you set the tiles</h2>"))""",
    """\
setting = SplitDrill()
page.quiz(setting)""",
    MASTERY_INTRO,
    """page.mastery()""",
    """page.footer()""",
]

NOTEBOOKS = {"index.ipynb": INDEX, "01_tiles.ipynb": LESSON_01, "02_ranks.ipynb": LESSON_02,
             "03_combinations.ipynb": LESSON_03, "04_tricks.ipynb": LESSON_04, "05_scoring.ipynb": LESSON_05,
             "06_variants.ipynb": LESSON_06, "07_dealing.ipynb": LESSON_07, "08_play.ipynb": LESSON_08,
             "09_paigow.ipynb": LESSON_09}


def build(path: Path, cells: list[str]) -> nbformat.NotebookNode:
    nb = new_notebook(cells=[new_code_cell(src) for src in cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{path.stem.replace('_', '-')}-{i:02d}"
    return nb


def main() -> int:
    LESSONS.mkdir(exist_ok=True)
    for name, cells in NOTEBOOKS.items():
        path = LESSONS / name
        nbformat.write(build(path, cells), path)
        print(f"wrote {path.relative_to(LESSONS.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
