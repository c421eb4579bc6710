"""The paired rule's wrong-verdict rate on this session's null pairs, by simulation (not the tool's code: a
re-implementation of PairedChange.estimate and PairedVerdictRule.judge in Python, for this question only).

usage: python3 2026-12-05-paired-steps-simulation.py ALPHA THRESHOLD MAX_PAIRS TRIALS [TRUE_CHANGE]
Draws each comparison's pairs independently from the 320 A/A pair log ratios measured beside the bursty load
(2026-12-05-paired-steps-busy-zen3-amd.json, the two busy A/A sets, centred on zero), looks after every pair from 3 on as
compare-builds does (REGRESSED/IMPROVED: p <= ALPHA and beyond THRESHOLD; UNCHANGED: 90% interval inside and MDE at
80% power within THRESHOLD), with the set-aside rule for disturbed pairs from 4 pairs on (today's), from 8 pairs on, and
never. TRUE_CHANGE (e.g. 0.08) shifts the pairs, for the power. Seed 1 for each rule.
"""
import json,glob,math,os,sys
import numpy as np
from scipy import stats
def pool():
    data=json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "2026-12-05-paired-steps-busy-zen3-amd.json")))
    return np.array([x for label, rows in data["aaInvocations"].items() if label.startswith("busy")
                     for row in rows for x in row["pairLogRatios"]])
def disturbed(x):
    if len(x)<4: return []
    m=np.median(x); mad=1.4826*np.median(np.abs(x-m)); lim=max(5*mad,0.01)
    far=[i for i in range(len(x)) if abs(x[i]-m)>lim]
    far.sort(key=lambda i:-abs(x[i]-m))
    return far[:len(x)//4]
def judge(x,alpha,thr,trim,level=0.9):
    """trim: the fewest pairs from which a disturbed pair may be set aside (None: never)."""
    d=disturbed(x) if trim is not None and len(x)>=trim else []
    u=np.array([x[i] for i in range(len(x)) if i not in d])
    n=len(u); mean=u.mean(); sd=u.std(ddof=1)
    se=sd/math.sqrt(n); t=stats.t(n-1)
    p=2*t.sf(abs(mean)/se) if se>0 else 0.0
    rel=math.exp(mean)-1
    if p<=alpha and abs(rel)>thr: return 'wrong'
    half=t.ppf(0.5+level/2)*se
    lo,hi=math.exp(mean-half)-1,math.exp(mean+half)-1
    if lo>=-thr and hi<=thr:
        mde=math.exp((t.ppf(1-alpha/2)+t.ppf(0.8))*se)-1
        if mde<=thr: return 'unchanged'
        return None
    return None
def run(null,alpha,thr,maxp,trim,trials,rng,minp=3):
    out={'wrong':0,'unchanged':0,'inconclusive':0}
    for _ in range(trials):
        x=list(rng.choice(null,size=minp-1))
        v=None
        for n in range(minp,maxp+1):
            x.append(rng.choice(null))
            v=judge(np.array(x),alpha,thr,trim)
            if v: break
        out[v or 'inconclusive']+=1
    return out
if __name__=='__main__':
    null=pool(); alpha=float(sys.argv[1]); thr=float(sys.argv[2]); maxp=int(sys.argv[3]); trials=int(sys.argv[4])
    null=null-np.mean(null)  # a true null: centre it
    if len(sys.argv)>5: null=null+math.log(1+float(sys.argv[5]))  # a true change, for the power
    print(f"null: {len(null)} pairs, sd {100*null.std():.2f}%; alpha {alpha}, threshold {thr}, max pairs {maxp}")
    # The same random draws for every rule (seed 1 each): the rules differ only in what they do with them.
    for trim, name in ((4,'set aside from 4 pairs (today)'),(8,'set aside from 8 pairs'),(None,'never set aside')):
        print(f' {name:32}', run(null,alpha,thr,maxp,trim,trials,np.random.default_rng(1)))
