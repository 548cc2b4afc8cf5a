# Builds the golden files: GNUBG 1.07.001 loads a file drive_sgf.py had it play and save,
# clears (or redoes at 0-ply) the analysis, and saves the match again.
# Run as: GEN=/dir/of/drive_sgf/output/ OUT=/dir/ gnubg -t -q -p golden.py
import gnubg, os
G = os.environ.get('GEN', '/tmp/sgfwork/gen/')
O = os.environ.get('OUT', '/tmp/sgfwork/golden/')
for src, dst in [('m7_74', 'm7-crawford'), ('s_32', 's-jacoby-beavers'), ('s_41', 's-beavers')]:
    gnubg.command('load match ' + G + src + '.sgf')
    gnubg.command('analysis clear match')
    gnubg.command('save match ' + O + dst + '.sgf')
gnubg.command('load match ' + G + 'm1_68.sgf')
gnubg.command('analysis clear match')
gnubg.command('set analysis chequerplay evaluation plies 0')
gnubg.command('set analysis cubedecision evaluation plies 0')
gnubg.command('analyse match')
gnubg.command('save match ' + O + 'm1-analysed.sgf')
