import json,sys,glob,statistics as st,math
for f in sorted(sys.argv[1:]):
    d=json.load(open(f))
    for b in d['benchmarks']:
        e=b.get('estimate') or {}
        r=e.get('pairLogRatios',[])
        med=st.median(r) if r else float('nan')
        mad=1.4826*st.median([abs(x-med) for x in r]) if r else float('nan')
        print(f"{f.split('/')[-1]:22s} {b['id'][:40]:40s} n={e.get('pairs')} chg={100*e.get('relativeChange',float('nan')):+.2f}% [{100*b['interval']['lower']:+.2f},{100*b['interval']['upper']:+.2f}] sd={100*e.get('standardDeviation',0):.2f}% rsd={100*mad:.2f}% min={100*min(r):+.2f} max={100*max(r):+.2f} {b['verdict']} {d['seconds']:.0f}s")
