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
    """page.footer()""",
]

NOTEBOOKS = {"index.ipynb": INDEX, "01_tiles.ipynb": LESSON_01}


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
