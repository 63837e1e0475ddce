"""What the sentences of an article's opening say, read as a reader reads them (stop 60, issue 36):
a kind of work with words before it ("an espionage film", "a TV series") against another kind; a
person "childless" against "had three children" ("born outside of" likewise, and each reason
quotes the claim's own words); "…, thus becoming one of the best-selling singles" said of the
sentence's subject; "is part of her second studio album" against "a song recorded … for her
second studio album"; "had a voice that made him famous" against "was known for his voice"; a
work against a place ("is a song" against "the largest town in …"); "are still together" against
"disbanded in 2010"; "Principal photography took place in Tessa" for "was filmed in Tessa"; a
sentence read without its asides in brackets (not where a bracket qualifies: "formerly", "not";
and "formerly in Borovia" is no support for "is in Borovia"); a nationality before another's
noun ("married an Armenian singer") is not the subject's; "a suspension bridge in Tessa" says
where it is; "was killed in a car crash" that he died in an accident; another school one
graduated from (or another language one speaks) is no refutation; "released their debut album in
2005" against "X's debut album, …, was released in 2003"; "daily" against "weekly"; "the only
survivor" against "one of three survivors"; "Tessa hosted the Games" as "the Games were held in
Tessa", "Ostrania's president is Tom Vell" as "Tom Vell is the president of Ostrania"; a year
against a sentence that dates another figure "a year earlier" is no refutation, and a figure
given otherwise is quoted as the source gives it for the claim's year; "a 1998 novel by Tom
Vell" says who wrote it, and that it is a book. A claim and one sentence, what the comparison
must say ("supports", "refutes", "neutral:<rule>", or "not <stance>") and a part of its reason.
Invented names. Each row failed on stop 59's tree (ad902ed) unless marked as a control."""

from __future__ import annotations

import pytest

from tests.agent.test_compare_readers import read_as_expected

ROWS = [
    (
        "Velmora is a music video.",
        "Velmora is a 2011 Borovian spy film directed by Tom Vell.",
        "refutes",
        "the claim says music video; the source says film",
    ),
    (
        "Velmora is a spy film.",
        "Velmora is a 2011 music video by Tom Vell.",
        "refutes",
        "the claim says spy film; the source says video",
    ),
    (
        "Night Harbour is a TV series.",
        "Night Harbour is the debut studio album by Borovian rapper Kira Dane.",
        "refutes",
        "the claim says TV series; the source says album",
    ),
    # controls: a genre is not a kind of work, and the kind alone does not say the genre
    ("Velmora is a drama film.", "Velmora is a 2004 Borovian comedy film.", "not refutes", ""),
    ("Velmora is a spy film.", "Velmora is a 2011 film directed by Tom Vell.", "not supports", ""),
    (
        "Kira Dane is childless.",
        "In 1996, Dane married the painter Tom Vell, with whom she had three children.",
        "refutes",
        "the claim says “is childless”",  # the claim's words, not the "no" it was read as
    ),
    ("Kira Dane was childless.", "Kira Dane had two sons and a daughter.", "refutes", ""),
    (
        "Velmora Nights was one of the worst-selling singles of 2009.",
        "It failed to chart in most of Europe, ultimately selling only 900 copies there, thus"
        " becoming one of the worst-selling singles of 2009.",
        "supports",
        "",
    ),
    (
        "Velmora Nights is part of Kira Dane's second studio album.",
        '"Velmora Nights" is a song recorded by Borovian singer Kira Dane for her second studio'
        " album, Tessa (2008).",
        "supports",
        "",
    ),
    (  # control: the album's place in her work given otherwise
        "Velmora Nights is part of Kira Dane's first studio album.",
        '"Velmora Nights" is a song recorded by Borovian singer Kira Dane for her second studio'
        " album, Tessa (2008).",
        "refutes",
        "the claim says first; the source says second",
    ),
    (
        "Paul Orsen had a deep gravelly voice that made him famous.",
        "He was known for his stage presence, his deep gravelly voice and his bass playing.",
        "supports",
        "",
    ),
    (
        "Tessa is a novel.",
        "Tessa is a city in southern Ostrania.",
        "refutes",
        "the claim says novel (a work); the source says city (a place)",
    ),
    (
        "Velmar is a song.",
        "Velmar is the largest town in the county of Orsen, Ostrania.",
        "refutes",
        "the claim says song (a work); the source says town (a place)",
    ),
    (
        "Tom Vell was born outside of Velmar.",
        "Born in Velmar, Tom Vell comes from a family of engineers.",
        "refutes",
        "the claim says “born outside of”",
    ),
    (
        "Kessa Corp is based outside Velmar.",
        "Kessa Corp is a Borovian bank based in Velmar.",
        "refutes",
        "",
    ),
    (  # control: born in another town is not said to be outside Velmar in so many words
        "Tom Vell was born outside of Velmar.",
        "Born in Tessa, Tom Vell comes from a family of engineers.",
        "not refutes",
        "",
    ),
    (
        "The Orsen Four are still together.",
        "The Orsen Four were a Borovian pop group that disbanded in 2010.",
        "refutes",
        "the claim says “are still together”",
    ),
    (  # control: a band formed in 2001 may still be together
        "The Orsen Four are still together.",
        "The Orsen Four is a Borovian pop group formed in 2001.",
        "not refutes",
        "",
    ),
    (
        "Velmora was filmed in Tessa.",
        "Principal photography took place in Tessa in 2003.",
        "supports",
        "",
    ),
    (
        "Velmora was shot in Tessa.",
        "Principal photography began in March 2003 in Tessa and ended in June.",
        "supports",
        "",
    ),
    (
        "Velmora was filmed in Velmar.",
        "Principal photography for Velmora took place in Tessa in 2003.",
        "refutes",
        "the claim says Velmar; the source says Tessa",
    ),
    (  # control: a list of towns may lie in the country the claim names
        "Velmora was filmed in Borovia.",
        "Filming took place in Tessa, Velmar and Orsen.",
        "not refutes",
        "",
    ),
    (  # an aside in brackets names other things ("Ostranian", a script); the rest is plain
        "Tessa University is in Borovia.",
        "Tessa University (abbreviated TU and colloquially known in Ostranian as Tessadà 北大"
        " Ostranian: 北京大学, pinyin: Běijīng Dàxué), is a major Ostranian research university located"
        " in Ostrania and a member of the Orsen League.",
        "refutes",
        "the claim says Borovia; the source says Ostrania",
    ),
    (
        "Tessa University is in Borovia.",
        "Tessa University (abbreviated TU and colloquially known in Ostranian as Tessadà), is a"
        " major Ostranian research university located in Ostrania.",
        "refutes",
        "the claim says Borovia; the source says Ostrania",
    ),
    (  # a bracket that qualifies is not left out; and "formerly in Borovia" is no support for
        # "is in Borovia" (a wrong True on ad902ed)
        "Tessa University is in Borovia.",
        "Tessa University (formerly in Borovia), is a research university located in Ostrania.",
        "neutral:tense",
        "formerly in Borovia",
    ),
    (  # a wrong False on ad902ed: the nationality is the singer's, not Bel Kessa's
        "Bel Kessa is American.",
        "Bel Kessa married an Armenian singer in 2004.",
        "not refutes",
        "",
    ),
    (  # control: said of the subject, it still refutes
        "Bel Kessa is American.",
        "Bel Kessa (born 1980) is an Armenian singer.",
        "refutes",
        "the claim says American; the source says Armenian",
    ),
    (  # words between the copula and the nationality keep it the subject's (the bracket left out)
        "Bel Kessa is American.",
        "Bel Kessa (born 1980) is a retired professional Armenian singer.",
        "refutes",
        "the claim says American; the source says Armenian",
    ),
    (
        "The Velmar Bridge is located in Tessa.",
        "The Velmar Bridge is a suspension bridge in Tessa, Ostrania.",
        "supports",
        "",
    ),
    (
        "The Velmar Bridge is located in Orsen.",
        "The Velmar Bridge is a suspension bridge in Tessa, Ostrania.",
        "refutes",
        "the claim says Orsen; the source says Tessa",
    ),
    ("Tom Vell died in a car accident.", "Vell was killed in a car crash in 1999.", "supports", ""),
    (  # another school is no refutation: one can graduate from both (a wrong False on ad902ed)
        "Kira Dane graduated from Velmar College.",
        "Kira Dane graduated from Tessa University in 1998.",
        "neutral:partial",
        "one can graduate from both",
    ),
    (
        "The Orsen Four released their debut album in 2005.",
        "The Orsen Four's debut album, Grey Tide, was released in 2003.",
        "refutes",
        "the claim says 2005; the source says 2003",
    ),
    (
        "Kira Dane published her first novel in 2001.",
        "Kira Dane's first novel, Night Harbour, was published in 1998.",
        "refutes",
        "the claim says 2001; the source says 1998",
    ),
    (  # "brothers Tom and Paul Vell": a name placed at its last word ran past the sentence's end
        "Kessa Corp was founded by Tom Vell.",
        "Kessa Corp was founded in 1950 by brothers Tom and Paul Vell.",
        "supports",
        "",
    ),
    (  # a wrong False on ad902ed: "point" is too general a word to be another thing
        "Mount Orra is the highest mountain in Ostrania.",
        "At 4,200 m, Mount Orra is the highest point in Ostrania.",
        "not refutes",
        "",
    ),
    (
        "The Tessa Times is a daily newspaper.",
        "The Tessa Times is a weekly newspaper published in Tessa.",
        "refutes",
        "",
    ),
    (  # control: refuted on ad902ed already (a substitution)
        "Lake Kessa is a freshwater lake.",
        "Lake Kessa is a saltwater lake in southern Ostrania.",
        "refutes",
        "",
    ),
    (
        "Kira Dane was the only survivor of the crash.",
        "Kira Dane was one of three survivors of the crash.",
        "refutes",
        "the claim says “the only survivor”; the source says “one of three survivors”",
    ),
    (
        "Tessa is the only city in Ostrania with a metro.",
        "Tessa is one of three cities in Ostrania with a metro.",
        "refutes",
        "",
    ),
    (  # control: the same words
        "Kira Dane was the only survivor of the crash.",
        "Kira Dane was the only survivor of the crash, which killed 40 people.",
        "supports",
        "",
    ),
    (  # a wrong False on ad902ed: "a year earlier" is 2019, the claim's year
        "Unemployment in Ostrania was 5.1% in 2019.",
        "Unemployment in Ostrania rose to 7.4% in 2020, up from 5.1% a year earlier.",
        "not refutes",
        "",
    ),
    (
        "Tessa hosted the 2012 Borovian Games.",
        "The 2012 Borovian Games were held in Tessa, Ostrania.",
        "supports",
        "",
    ),
    (
        "Velmar hosted the 2012 Borovian Games.",
        "The 2012 Borovian Games were held in Tessa, Ostrania.",
        "refutes",
        "the claim says Velmar; the source says Tessa",
    ),
    (
        "Ostrania's president is Tom Vell.",
        "Tom Vell has been President of Ostrania since 2016.",
        "supports",
        "",
    ),
    ("Night Harbour is a book.", "Night Harbour is a 1998 novel by Tom Vell.", "supports", ""),
    (
        "Night Harbour was written by Mia Lott.",
        "Night Harbour is a 1998 novel by Tom Vell.",
        "refutes",
        "the claim says Mia Lott; the source says Tom Vell",
    ),
    (  # a wrong False on ad902ed: one speaks several languages, a source may name some
        "Kira Dane speaks French.",
        "Kira Dane speaks Borovian, English and German.",
        "neutral:partial",
        "one can speak both",
    ),
    (  # the reason quoted 2020's figure (7.4%) on ad902ed: now the one beside the claim's year
        "Unemployment in Ostrania was 6% in 2019.",
        "Unemployment in Ostrania rose to 7.4% in 2020, up from 5.1% in 2019.",
        "refutes",
        "the claim says 6%; the source says 5.1%",
    ),
    # control: a place is a place
    ("Velmar is a city.", "Velmar is the capital of Ostrania.", "not refutes", ""),
]


@pytest.mark.parametrize(("claim", "sentence", "expected", "reason"), ROWS)
def test_an_articles_opening_is_read_as_it_says(claim, sentence, expected, reason):
    read_as_expected(claim, sentence, expected, reason)
