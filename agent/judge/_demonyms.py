"""The nationalities the comparison stage tells apart, written by hand beside WordNet (which lists
them as adjectives with no kind to compare): one in the place of another is a substitution."""

from __future__ import annotations

# Nationalities of sovereign states, one per state, none inside another ("English" is inside
# "British", "Taiwanese" and "Chinese" are contested): one in the place of another is a substitution.
DEMONYMS = frozenset(
    """
afghan albanian algerian angolan argentine argentinian armenian australian austrian azerbaijani
bangladeshi belarusian belgian bolivian bosnian brazilian british bulgarian cambodian cameroonian
canadian chilean chinese colombian congolese croatian cuban cypriot czech danish dominican dutch
ecuadorian egyptian estonian ethiopian filipino finnish french georgian german ghanaian greek
guatemalan haitian honduran hungarian icelandic indian indonesian iranian iraqi israeli italian
jamaican japanese jordanian kazakh kenyan kuwaiti latvian lebanese libyan lithuanian malaysian
maltese mexican moroccan nepalese nigerian norwegian pakistani palestinian panamanian paraguayan
peruvian polish portuguese qatari romanian russian rwandan saudi senegalese serbian singaporean
slovak slovenian somali spanish sudanese swedish swiss syrian tanzanian thai tunisian turkish
ugandan ukrainian uruguayan uzbek venezuelan vietnamese yemeni zambian zimbabwean
""".split()
)

# "American" is the United States' own (a Mexican is North American, not American)
NATIONALITIES = DEMONYMS | {"american"}
