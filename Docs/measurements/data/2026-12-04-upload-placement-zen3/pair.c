#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
#include <time.h>
#include <sys/mman.h>
enum { W = 1024, SP = 1088, H = 192, R = 200, BLOCKS = 120 };
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
typedef struct { unsigned char *src,*dst; } Set;
static Set make(int huge){
  Set s;
  if(huge){ size_t len=6<<20; unsigned char*p=mmap(0,len,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);
    unsigned char*a=(unsigned char*)(((uintptr_t)p+(2<<20)-1)&~(uintptr_t)((2<<20)-1));
    madvise(a,2<<20,MADV_HUGEPAGE); memset(a,1,2<<20); s.src=a+64; s.dst=a+(1<<20)+256; }
  else { posix_memalign((void**)&s.src,64,SP*H); posix_memalign((void**)&s.dst,256,W*H); memset(s.src,1,SP*H); memset(s.dst,0,W*H);}
  return s;
}
static double sample(Set s){ double t0=now(); for(int i=0;i<R;i++){for(int y=0;y<H;y++) memcpy(s.dst+y*W,s.src+y*SP,W); __asm__ volatile(""::"r"(s.dst):"memory");} return (now()-t0)/R; }
int main(int argc,char**argv){
  int huge=argv[1][0]=='h';
  Set x=make(huge), y=make(huge);
  double sx=0,sy=0,sd=0;
  for(int b=0;b<BLOCKS;b++){
    int xfirst=b%2==0;
    Set f=xfirst?x:y, g=xfirst?y:x;
    sample(f); double tf=sample(f); sample(g); double tg=sample(g);
    double tx=xfirst?tf:tg, ty=xfirst?tg:tf;
    sx+=log(tx); sy+=log(ty);
  }
  printf("%s %.0f %.0f %.3f\n",huge?"huge":"malloc",exp(sx/BLOCKS),exp(sy/BLOCKS),100*(sx-sy)/BLOCKS);
  return 0;}
