//! The map "Renaissance Italy" as text (§3.2, §3.3): the 73 area rows and the 202 borders,
//! re-entered from the reference tables; `map.rs` parses them once.

/// The 73 areas of §3.2, in code order: code|English|Spanish|kind|city|fort|port|coast|ctrl|garr|deg.
pub(super) const AREA_ROWS: &str = "\
ALB|Albania|Albania|land|Y|.|.|Y|2|0|4\n\
ANC|Ancona|Ancona|land|Y|Y|Y|Y|2|1|5\n\
AQU|Aquila|Áquila|land|.|.|.|Y|1|0|7\n\
ARE|Arezzo|Arezzo|land|Y|Y|.|.|2|1|4\n\
AUS|Austria|Austria|land|Y|Y|.|.|2|1|4\n\
AVI|Avignon|Aviñón|land|Y|Y|.|Y|2|1|5\n\
BARI|Bari|Bari|land|Y|Y|Y|Y|2|1|4\n\
BER|Bergamo|Bérgamo|land|.|.|.|.|1|0|5\n\
BOL|Bologna|Boloña|land|Y|Y|.|Y|2|1|8\n\
BOS|Bosnia|Bosnia|land|.|.|.|.|1|0|3\n\
CAP|Capua|Capua|land|.|.|.|Y|1|0|5\n\
CAR|Carniola|Carniola|land|Y|.|.|Y|2|0|6\n\
CARIN|Carinthia|Carintia|land|.|.|.|.|1|0|8\n\
CM|Central Mediterranean|Mediterráneo Central|sea|.|.|.|.|0|0|5\n\
COMO|Como|Como|land|.|.|.|.|1|0|4\n\
COR|Corsica|Córcega|land|Y|.|.|Y|2|0|4\n\
CRE|Cremona|Crémona|land|Y|Y|.|.|2|1|4\n\
CRO|Croatia|Croacia|land|Y|.|.|Y|2|0|6\n\
DAL|Dalmatia|Dalmacia|land|Y|.|.|Y|2|0|5\n\
DUR|Durazzo|Durazzo|land|Y|Y|Y|Y|2|1|3\n\
FER|Ferrara|Ferrara|land|Y|Y|.|Y|2|1|5\n\
FLO|Florence|Florencia|land|Y|Y|.|.|4|3|6\n\
FOR|Fornovo|Fornovo|land|.|.|.|.|1|0|5\n\
FRI|Friuli|Friuli|land|.|.|.|Y|1|0|6\n\
GEN|Genoa|Génova|land|Y|Y|Y|Y|4|3|5\n\
GOL|Gulf of Lions|Golfo de Lion|sea|.|.|.|.|0|0|8\n\
GON|Gulf of Naples|Golfo de Nápoles|sea|.|.|.|.|0|0|7\n\
HER|Herzegovina|Herzegovina|land|.|.|.|Y|1|0|5\n\
HUN|Hungary|Hungría|land|Y|.|.|.|2|0|2\n\
IS|Ionian Sea|Mar Jónico|sea|.|.|.|.|0|0|7\n\
IST|Istria|Istria|land|.|.|.|Y|1|0|3\n\
LA|Lower Adriatic|Adriático Inferior|sea|.|.|.|.|0|0|11\n\
LS|Ligurian Sea|Mar de Liguria|sea|.|.|.|.|0|0|10\n\
LUC|Lucca|Lucca|land|Y|Y|.|Y|2|1|5\n\
MAN|Mantua|Mantua|land|Y|Y|.|.|2|1|7\n\
MAR|Marseille|Marsella|land|Y|Y|Y|Y|2|1|3\n\
MES|Messina|Messina|land|Y|Y|Y|Y|2|1|4\n\
MIL|Milan|Milán|land|Y|Y|.|.|4|3|8\n\
MOD|Modena|Módena|land|Y|Y|.|Y|2|1|7\n\
MON|Montferrat|Montferrat|land|Y|Y|.|.|2|1|5\n\
NAP|Naples|Nápoles|land|Y|Y|Y|Y|3|2|5\n\
OTR|Otranto|Otranto|land|.|.|.|Y|1|0|6\n\
PAD|Padua|Padua|land|Y|Y|.|Y|2|1|5\n\
PAL|Palermo|Palermo|land|Y|Y|Y|Y|2|1|5\n\
PAR|Parma|Parma|land|.|.|.|.|1|0|6\n\
PAT|Patrimony|Patrimonio|land|.|.|.|Y|1|0|4\n\
PAV|Pavia|Pavía|land|Y|Y|.|.|2|1|6\n\
PER|Perugia|Perusa|land|Y|Y|.|.|2|1|6\n\
PIO|Piombino|Piombino|land|Y|Y|Y|Y|2|1|4\n\
PIS|Pistoia|Pistoia|land|.|.|.|.|1|0|4\n\
PISA|Pisa|Pisa|land|Y|Y|Y|Y|2|1|6\n\
PRO|Provence|Provenza|land|.|.|.|Y|1|0|7\n\
RAG|Ragusa|Ragusa|land|Y|Y|Y|Y|2|1|3\n\
ROME|Rome|Roma|land|Y|Y|.|Y|3|2|5\n\
SAL|Salerno|Salerno|land|.|.|.|Y|1|0|5\n\
SALZ|Saluzzo|Saluzzo|land|Y|Y|.|.|2|1|3\n\
SAR|Sardinia|Cerdeña|land|Y|.|Y|Y|2|0|4\n\
SAV|Savona|Savona|land|Y|Y|Y|Y|2|1|6\n\
SIE|Siena|Siena|land|Y|Y|.|Y|2|1|7\n\
SLA|Slavonia|Eslavonia|land|.|.|.|.|1|0|5\n\
SPO|Spoleto|Espoleto|land|.|.|.|.|1|0|6\n\
SWI|Swiss|Suiza|land|Y|.|.|.|2|0|3\n\
TRE|Treviso|Treviso|land|Y|Y|.|Y|2|1|4\n\
TRENT|Trent|Trento|land|Y|Y|.|.|2|1|4\n\
TS|Tyrrhenian Sea|Mar Tirreno|sea|.|.|.|.|0|0|14\n\
TUN|Tunis|Túnez|land|Y|Y|Y|Y|3|2|2\n\
TUR|Turin|Turín|land|Y|Y|.|.|2|1|9\n\
TYR|Tyrol|Tirol|land|Y|Y|.|.|2|1|6\n\
UA|Upper Adriatic|Adriático Superior|sea|.|.|.|.|0|0|12\n\
URB|Urbino|Urbino|land|.|.|.|Y|1|0|7\n\
VEN|Venice|Venecia|venice|Y|Y|Y|Y|4|3|4\n\
VER|Verona|Verona|land|.|.|.|.|1|0|8\n\
WM|Western Mediterranean|Mediterráneo Occidental|sea|.|.|.|.|0|0|5\n\
";

/// The Portuguese (Brazilian) name of every area whose name differs from its English one,
/// in code order: code|Portuguese. Accepted in orders after the English and Spanish names (R56).
pub(super) const PORTUGUESE_ROWS: &str = "\
ALB|Albânia\n\
AQU|Áquila\n\
AUS|Áustria\n\
AVI|Avinhão\n\
BER|Bérgamo\n\
BOL|Bolonha\n\
BOS|Bósnia\n\
CAP|Cápua\n\
CAR|Carníola\n\
CARIN|Caríntia\n\
CM|Mediterrâneo Central\n\
COR|Córsega\n\
CRO|Croácia\n\
DAL|Dalmácia\n\
FLO|Florença\n\
FRI|Friul\n\
GEN|Gênova\n\
GOL|Golfo de Leão\n\
GON|Golfo de Nápoles\n\
HUN|Hungria\n\
IS|Mar Jônico\n\
IST|Ístria\n\
LA|Baixo Adriático\n\
LS|Mar da Ligúria\n\
LUC|Luca\n\
MAN|Mântua\n\
MAR|Marselha\n\
MIL|Milão\n\
MOD|Módena\n\
MON|Monferrato\n\
NAP|Nápoles\n\
PAD|Pádua\n\
PAT|Patrimônio\n\
PER|Perúgia\n\
PRO|Provença\n\
ROME|Roma\n\
SAR|Sardenha\n\
SLA|Eslavônia\n\
SPO|Espoleto\n\
SWI|Suíça\n\
TRENT|Trento\n\
TS|Mar Tirreno\n\
TUN|Túnis\n\
TUR|Turim\n\
TYR|Tirol\n\
UA|Alto Adriático\n\
VEN|Veneza\n\
WM|Mediterrâneo Ocidental\n\
";

/// The 202 borders of §3.3, sorted; a third field `L` marks a land-only border (R4).
pub(super) const BORDER_ROWS: &str = "\
ALB DUR\n\
ALB HER L\n\
ALB LA\n\
ALB RAG\n\
ANC AQU\n\
ANC LA\n\
ANC SPO\n\
ANC UA\n\
ANC URB\n\
AQU BARI\n\
AQU CAP L\n\
AQU LA\n\
AQU NAP L\n\
AQU SAL L\n\
AQU SPO\n\
ARE FLO\n\
ARE PER\n\
ARE SIE\n\
ARE URB\n\
AUS CARIN\n\
AUS HUN\n\
AUS SLA\n\
AUS TYR\n\
AVI GOL\n\
AVI MAR\n\
AVI PRO L\n\
AVI SWI\n\
AVI TUR\n\
BARI LA\n\
BARI OTR\n\
BARI SAL L\n\
BER CRE\n\
BER MAN\n\
BER MIL\n\
BER TRENT\n\
BER VER\n\
BOL FER\n\
BOL FLO\n\
BOL LUC L\n\
BOL MAN\n\
BOL MOD L\n\
BOL PIS\n\
BOL UA\n\
BOL URB\n\
BOS CRO\n\
BOS DAL\n\
BOS HER\n\
CAP NAP\n\
CAP ROME\n\
CAP SPO\n\
CAP TS\n\
CAR CARIN\n\
CAR CRO L\n\
CAR FRI\n\
CAR IST\n\
CAR SLA\n\
CAR UA\n\
CARIN FRI\n\
CARIN MIL\n\
CARIN SLA\n\
CARIN TRENT\n\
CARIN TYR\n\
CARIN VER\n\
CM IS\n\
CM PAL\n\
CM TS\n\
CM TUN\n\
CM WM\n\
COMO MIL\n\
COMO PAV\n\
COMO TUR\n\
COMO TYR\n\
COR GOL\n\
COR LS\n\
COR SAR\n\
COR TS\n\
CRE MAN\n\
CRE MIL\n\
CRE PAR\n\
CRO DAL\n\
CRO IST\n\
CRO SLA\n\
CRO UA\n\
DAL HER\n\
DAL LA\n\
DAL UA\n\
DUR IS\n\
DUR LA\n\
FER MAN\n\
FER PAD\n\
FER UA\n\
FER VER\n\
FLO PIS\n\
FLO PISA\n\
FLO SIE\n\
FLO URB\n\
FOR GEN\n\
FOR MOD\n\
FOR MON\n\
FOR PAR\n\
FOR PAV\n\
FRI TRE\n\
FRI UA\n\
FRI VEN\n\
FRI VER\n\
GEN LS\n\
GEN MOD\n\
GEN MON\n\
GEN SAV\n\
GOL LS\n\
GOL MAR\n\
GOL PRO\n\
GOL SAR\n\
GOL TS\n\
GOL WM\n\
GON IS\n\
GON MES\n\
GON NAP\n\
GON OTR\n\
GON PAL\n\
GON SAL\n\
GON TS\n\
HER LA\n\
HER RAG\n\
HUN SLA\n\
IS LA\n\
IS MES\n\
IS OTR\n\
IS PAL\n\
IST UA\n\
LA OTR\n\
LA RAG\n\
LA UA\n\
LS LUC\n\
LS MOD\n\
LS PIO\n\
LS PISA\n\
LS PRO\n\
LS SAV\n\
LS TS\n\
LUC MOD\n\
LUC PIS\n\
LUC PISA\n\
MAN MOD\n\
MAN PAR\n\
MAN VER\n\
MAR PRO\n\
MES OTR\n\
MES PAL\n\
MIL PAR\n\
MIL PAV\n\
MIL TRENT\n\
MIL TYR\n\
MOD PAR\n\
MON PAV\n\
MON SAV\n\
MON TUR\n\
NAP SAL\n\
NAP TS\n\
OTR SAL\n\
PAD TRE\n\
PAD UA\n\
PAD VEN\n\
PAD VER\n\
PAL TS\n\
PAR PAV\n\
PAT PER\n\
PAT ROME\n\
PAT SIE\n\
PAT TS\n\
PAV TUR\n\
PER ROME\n\
PER SIE\n\
PER SPO\n\
PER URB\n\
PIO PISA\n\
PIO SIE\n\
PIO TS\n\
PIS PISA\n\
PISA SIE L\n\
PRO SALZ\n\
PRO SAV\n\
PRO TUR\n\
ROME SPO\n\
ROME TS\n\
SALZ SAV\n\
SALZ TUR\n\
SAR TS\n\
SAR WM\n\
SAV TUR\n\
SIE TS\n\
SPO URB\n\
SWI TUR\n\
SWI TYR\n\
TRE VEN\n\
TRE VER\n\
TRENT VER\n\
TS WM\n\
TUN WM\n\
TUR TYR\n\
UA URB\n\
UA VEN\n\
";
