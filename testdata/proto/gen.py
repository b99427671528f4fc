# Writes each test module here twice: as an xla.HloModuleProto in text format
# (NAME.textproto, encoded by regen.sh) and as its HLO text twin (NAME.hlo).
# Run: OUT=testdata/proto python3 testdata/proto/gen.py && testdata/proto/regen.sh
import os
P={'pred':'PRED','s8':'S8','s32':'S32','s64':'S64','u8':'U8','u32':'U32','f16':'F16','f32':'F32','bf16':'BF16','s4':'S4','f8e4m3fn':'F8E4M3FN'}
def A(t,dims,m2m=None,tiles=None,mem=0,esize=0,dyn=None):
    if m2m is None: m2m=list(range(len(dims)))[::-1]
    return dict(t=t,dims=dims,m2m=m2m,tiles=tiles or [],mem=mem,esize=esize,dyn=dyn)
def tp_shape(s,ind):
    i='  '*ind
    if isinstance(s,list):
        out=i+'element_type: TUPLE\n'
        for e in s:
            out+=i+'tuple_shapes {\n'+tp_shape(e,ind+1)+i+'}\n'
        return out
    if s['t']=='token': return i+'element_type: TOKEN\n'
    out=i+'element_type: %s\n'%P[s['t']]
    for d in s['dims']: out+=i+'dimensions: %d\n'%d
    if s['dyn']:
        for b in s['dyn']: out+=i+'is_dynamic_dimension: %s\n'%('true' if b else 'false')
    out+=i+'layout {\n'
    for d in s['m2m']: out+=i+'  minor_to_major: %d\n'%d
    for t in s['tiles']:
        out+=i+'  tiles {\n'+''.join(i+'    dimensions: %d\n'%x for x in t)+i+'  }\n'
    if s['esize']: out+=i+'  element_size_in_bits: %d\n'%s['esize']
    if s['mem']: out+=i+'  memory_space: %d\n'%s['mem']
    out+=i+'}\n'
    return out
def hlo_shape(s):
    if isinstance(s,list): return '('+', '.join(hlo_shape(e) for e in s)+')'
    if s['t']=='token': return 'token[]'
    dims=','.join(('<=%d'%d if s['dyn'] and s['dyn'][k] else str(d)) for k,d in enumerate(s['dims']))
    lay=','.join(map(str,s['m2m']))
    extra=('T' if s['tiles'] else '')+''.join('(%s)'%','.join(map(str,t)) for t in s['tiles'])
    if s['esize']: extra+='E(%d)'%s['esize']
    if s['mem']: extra+='S(%d)'%s['mem']
    if extra: lay+=':'+extra
    if not s['dims'] and not extra: return '%s[]'%s['t']
    return '%s[%s]{%s}'%(s['t'],dims,lay)
def idx(v): return '{'+','.join(map(str,v))+'}'
# An OpSharding and its HloSharding text: replicated (None), tiled (tile
# dimensions with an iota, optionally transposed, or explicit devices), or
# a tuple of those (a list).
def Sh(dims=None,iota=None,perm=None,devices=None,last_rep=False):
    return dict(dims=dims,iota=iota,perm=perm,devices=devices,last_rep=last_rep)
def tp_sharding(s,ind):
    i='  '*ind
    if isinstance(s,list):
        return i+'type: TUPLE\n'+''.join(i+'tuple_shardings {\n'+tp_sharding(e,ind+1)+i+'}\n' for e in s)
    if s is None: return i+'type: REPLICATED\n'
    out=i+'type: OTHER\n'+''.join(i+'tile_assignment_dimensions: %d\n'%d for d in s['dims'])
    out+=''.join(i+'tile_assignment_devices: %d\n'%d for d in s['devices'] or [])
    if s['last_rep']: out+=i+'replicate_on_last_tile_dim: true\n'
    out+=''.join(i+'iota_reshape_dims: %d\n'%d for d in s['iota'] or [])
    out+=''.join(i+'iota_transpose_perm: %d\n'%d for d in s['perm'] or [])
    return out
def hlo_sharding(s):
    if isinstance(s,list): return '{'+', '.join(hlo_sharding(e) for e in s)+'}'
    if s is None: return '{replicated}'
    out='devices=[%s]'%','.join(map(str,s['dims']))
    if s['devices']: out+=','.join(map(str,s['devices']))
    else:
        out+='<=[%s]'%','.join(map(str,s['iota']))
        if s['perm'] and s['perm']!=sorted(s['perm']): out+='T(%s)'%','.join(map(str,s['perm']))
    if s['last_rep']: out+=' last_tile_dim_replicate'
    return '{'+out+'}'
def gen(name,params,result,aliases=(),donors=(),host=True,empty_alias=False,big=0,order_donor_first=False,frontend=False,shard=None,partitions=1):
    tp='# %s: an xla.HloModuleProto in text format; regen.sh encodes it.\n'%name
    tp+='name: "%s"\nentry_computation_name: "main.%d"\n'%(name,len(params)+2)
    comps=''
    cid=1
    if big:
        comps+='computations {\n  name: "constants.1"\n  id: 1\n  root_id: 1\n'
        comps+='  instructions {\n    name: "constant.1"\n    opcode: "constant"\n    id: 1\n    shape {\n      element_type: F32\n      dimensions: %d\n      layout { minor_to_major: 0 }\n    }\n    literal {\n      shape {\n        element_type: F32\n        dimensions: %d\n        layout { minor_to_major: 0 }\n      }\n'%(big,big)
        comps+=''.join('      f32s: %g\n'%(k*0.5) for k in range(big))
        comps+='    }\n  }\n  program_shape {\n    result {\n      element_type: F32\n      dimensions: %d\n      layout { minor_to_major: 0 }\n    }\n  }\n}\n'%big
        cid=2
    eid=cid+10
    comps+='computations {\n  name: "main.%d"\n'%(len(params)+2)
    for k,p in enumerate(params):
        comps+='  instructions {\n    name: "p%d"\n    opcode: "parameter"\n    parameter_number: %d\n    id: %d\n    shape {\n%s    }\n%s  }\n'%(k,k,k+1,tp_shape(p,3),'    sharding {\n'+tp_sharding(shard[0][k],3)+'    }\n' if shard else '')
    comps+='  instructions {\n    name: "r"\n    opcode: "custom-call"\n    custom_call_target: "f"\n    id: %d\n    shape {\n%s    }\n%s%s  }\n'%(len(params)+1,tp_shape(result,3),''.join('    operand_ids: %d\n'%(k+1) for k in range(len(params))),'    sharding {\n'+tp_sharding(shard[1],3)+'    }\n' if shard else '')
    ps='  parameters {\n'.join(['']+[tp_shape(p,2)+'  }\n' for p in params])
    ps+='  result {\n'+tp_shape(result,2)+'  }\n'
    ps+=''.join('  parameter_names: "p%d"\n'%k for k in range(len(params)))
    comps+='  program_shape {\n'+ps+'  }\n  id: %d\n  root_id: %d\n}\n'%(eid,len(params)+1)
    tp+=comps
    if host: tp+='host_program_shape {\n'+ps+'}\n'
    tp+='id: 7\nentry_computation_id: %d\n'%eid
    if aliases or empty_alias:
        tp+='input_output_alias {\n'
        for out,pn,pi,kind in aliases:
            tp+='  entries {\n'+''.join('    output_shape_index: %d\n'%x for x in out)+'    parameter_number: %d\n'%pn+''.join('    parameter_shape_index: %d\n'%x for x in pi)+('    kind: %s\n'%kind if kind else '')+'  }\n'
        tp+='}\n'
    if donors:
        tp+='buffer_donor {\n'
        for pn,pi in donors:
            tp+='  entries {\n    parameter_number: %d\n'%pn+''.join('    parameter_shape_index: %d\n'%x for x in pi)+'  }\n'
        tp+='}\n'
    if frontend:
        tp+='frontend_attributes {\n  map { key: "fingerprint_before_lhs" value: "5f1c" }\n}\n'
    open(name+'.textproto','w').write(tp)
    # the HLO text twin
    attrs=[]
    if aliases:
        attrs.append('input_output_alias={ '+', '.join('%s: (%d, %s, %s)'%(idx(o),pn,idx(pi),'must-alias' if k=='MUST_ALIAS' else 'may-alias') for o,pn,pi,k in aliases)+' }')
    if donors:
        attrs.append('buffer_donor={ '+', '.join('(%d, %s)'%(pn,idx(pi)) for pn,pi in donors)+' }')
    attrs.append('entry_computation_layout={('+', '.join(hlo_shape(p) for p in params)+')->'+hlo_shape(result)+'}')
    if partitions>1: attrs.append('num_partitions=%d'%partitions)
    h='HloModule %s, %s\n\n'%(name,', '.join(attrs))
    if big:
        h+='%%constants.1 () -> f32[%d] {\n  ROOT %%constant.1 = f32[%d]{0} constant({%s})\n}\n\n'%(big,big,', '.join('%g'%(k*0.5) for k in range(big)))
    h+='ENTRY %%main.%d {\n'%(len(params)+2)
    for k,p in enumerate(params):
        h+='  %%p%d = %s parameter(%d)%s\n'%(k,hlo_shape(p),k,', sharding='+hlo_sharding(shard[0][k]) if shard else '')
    h+='  ROOT %%r = %s custom-call(%s), custom_call_target="f"%s\n}\n'%(hlo_shape(result),', '.join('%%p%d'%k for k in range(len(params))),', sharding='+hlo_sharding(shard[1]) if shard else '')
    open(name+'.hlo','w').write(h)

os.chdir(os.environ['OUT'])
f=A
gen('jit-train-step',[f('f32',[16,32]),f('f32',[32]),f('f32',[8,16]),f('s32',[8])],[f('f32',[16,32]),f('f32',[32]),f('f32',[])],
    aliases=[([0],0,[],'MAY_ALIAS'),([1],1,[],'MAY_ALIAS')])
gen('must-alias-nested',[[f('f32',[4,4]),[f('bf16',[128]),f('s32',[])]],f('f32',[4])],[[f('f32',[4,4]),f('bf16',[128])],f('s32',[])],
    aliases=[([0,0],0,[0],'MUST_ALIAS'),([0,1],0,[1,0],'MAY_ALIAS'),([1],0,[1,1],'MUST_ALIAS')])
gen('alias-without-kind',[f('f32',[1024]),f('f32',[1024])],[f('f32',[1024]),f('f32',[1024])],
    aliases=[([0],0,[],None),([1],1,[],None)])
gen('donors-only',[f('f32',[64,64]),f('f32',[64]),f('u8',[4096])],f('f32',[64,64]),donors=[(0,[]),(2,[])])
gen('empty-alias-message',[f('f32',[8]),f('f32',[8])],f('f32',[8]),empty_alias=True)
gen('tpu-tiled',[f('f32',[1024,512],[0,1],tiles=[[8,128]]),f('bf16',[256,128],tiles=[[8,128],[2,1]]),f('s32',[],tiles=[[128]])],
    [f('f32',[1024,512],[0,1],tiles=[[8,128]]),f('bf16',[256,128],tiles=[[8,128],[2,1]])],
    aliases=[([0],0,[],'MAY_ALIAS'),([1],1,[],'MAY_ALIAS')],donors=[(2,[])])
gen('host-offload',[f('f32',[8,512,64],[1,2,0],tiles=[[8,128]],mem=5),f('f32',[1,512,64],[1,2,0],tiles=[[8,128]]),f('s32',[])],
    [f('f32',[8,512,64],[1,2,0],tiles=[[8,128]],mem=5),f('f32',[1,512,64],[1,2,0],tiles=[[8,128]])],
    aliases=[([0],0,[],'MAY_ALIAS')],frontend=True)
gen('neuron-tuple-params',[[f('f32',[128,256]),f('f32',[256]),f('f32',[128,256]),f('f32',[256])],f('s64',[])],
    [[f('f32',[128,256]),f('f32',[256])],[f('f32',[128,256]),f('f32',[256])]],
    aliases=[([0,0],0,[0],'MAY_ALIAS'),([0,1],0,[1],'MAY_ALIAS'),([1,0],0,[2],'MAY_ALIAS'),([1,1],0,[3],'MAY_ALIAS')],host=False)
gen('large-constants',[f('f32',[4096]),f('f32',[4096])],[f('f32',[4096]),f('f32',[4096])],
    aliases=[([1],1,[],'MUST_ALIAS')],donors=[(0,[])],big=3000)
gen('int4-element-size',[f('s4',[256,128],tiles=[[8,128],[2,1]],esize=4),f('f8e4m3fn',[64]),f('pred',[16])],[f('s4',[256,128],tiles=[[8,128],[2,1]],esize=4),f('pred',[16])],
    aliases=[([0],0,[],'MAY_ALIAS')],donors=[(1,[])])
gen('dynamic-bounded',[f('f32',[16,128],dyn=[True,False]),f('s32',[])],f('f32',[16,128],dyn=[True,False]),
    aliases=[([],0,[],'MAY_ALIAS')],host=False)
gen('token-and-nested-donors',[f('token',[]),[f('f32',[32]),[f('f32',[32]),f('u32',[2])]]],[f('token',[]),f('f32',[32])],
    aliases=[([1],1,[0],'MUST_ALIAS')],donors=[(1,[1,0]),(1,[1,1])])
# Shardings (OpSharding on the parameters and the root, the partition
# count in the twin's header): per device p0 f32[8,4] and p1 f32[16] match
# the outputs {0} f32[4,8] and {1} f32[16] by byte size; globally only p1
# and {0} do.
gen('sharded',[f('f32',[16,8]),f('f32',[32]),f('s32',[8])],[f('f32',[4,8]),f('f32',[64])],donors=[(0,[]),(1,[])],
    shard=([Sh([2,2],iota=[2,2],perm=[1,0]),Sh([2,2],devices=[0,1,2,3],last_rep=True),None],[None,Sh([4],iota=[4],perm=[0])]),partitions=4)
