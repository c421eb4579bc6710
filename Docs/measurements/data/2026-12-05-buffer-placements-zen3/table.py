"""The page's tables: each benchmark's pair spread and MDE in two sets of compare-builds JSON files.
usage: python3 table.py 'compare-builds/budg-k1-*.json' 'compare-builds/budg-k8-*.json'
"""
import json,glob,sys,numpy as np
def load(pat):
    out={}
    for f in sorted(glob.glob(pat)):
        d=json.load(open(f))
        for b in d['benchmarks']:
            e=b['estimate']; x=np.array(e['pairLogRatios'])
            used=np.delete(x,e['disturbedPairs'])
            out.setdefault(b['id'],[]).append((100*1.4826*np.median(abs(x-np.median(x))), 100*used.std(ddof=1), 100*(b['minimumDetectableEffect'] or 0), len(e['disturbedPairs'])))
    return out
a=load(sys.argv[1]); b=load(sys.argv[2])
print('| benchmark | threads | first set: robust pair SD (SD of the pairs used) | second set | MDE, first → second |')
print('| --- | --- | --- | --- | --- |')
th={}
for f in glob.glob(sys.argv[1]):
    for x in json.load(open(f))['benchmarks']: th[x['id']]=x['threads']
for k in sorted(a):
    fa=', '.join(f"{r:.2f}% ({s:.2f}%)" for r,s,m,n in a[k]); fb=', '.join(f"{r:.2f}% ({s:.2f}%)" for r,s,m,n in b[k])
    ma='/'.join(f"{m:.1f}" for r,s,m,n in a[k]); mb='/'.join(f"{m:.1f}" for r,s,m,n in b[k])
    print(f"| {k} | {th[k]} | {fa} | {fb} | {ma}% → {mb}% |")
