/**
 * Benchmarks and tasks of the sample corpus. Facts are what a judge may see before
 * any code runs (files, rows, columns with dtypes, installed packages); `heads` are the
 * first lines of each text file, which the exploration steps print.
 */
import type { RecordOf } from '../../common/corpus/bundle';

type Column = { name: string; dtype: string };
type FileFact = NonNullable<RecordOf<'task'>['facts']>['files'][number];

/** A task plus what the rollout builder needs to fake the sandbox around it. */
export interface TaskSpec {
  record: RecordOf<'task'>;
  /** Working directory of the agent: program frames are reported under it. */
  workdir: string;
  /** Folder holding the task files, as the agent refers to it. */
  dataDir: string;
  /** First lines of each data file (header plus a few rows). */
  heads: Record<string, string>;
  /** Whether the sandbox has a GPU (changes the exploration commands). */
  gpu: boolean;
}

/** Benchmarks: three mining sources and two held-out ones (held-out never feed a rubric). */
export const benchmarks: RecordOf<'benchmark'>[] = [
  { type: 'benchmark', id: 'infiagent-dabench', name: 'InfiAgent-DABench', discipline: 'ml', role: 'mining' },
  { type: 'benchmark', id: 'dsbench', name: 'DSBench (modelling, Kaggle re-split)', discipline: 'ml', role: 'mining' },
  { type: 'benchmark', id: 'tritonbench', name: 'TritonBench', discipline: 'kernels', role: 'mining' },
  { type: 'benchmark', id: 'mle-bench', name: 'MLE-bench', discipline: 'ml', role: 'held_out' },
  { type: 'benchmark', id: 'kernelbench', name: 'KernelBench', discipline: 'kernels', role: 'held_out' },
];

/** Ids of benchmarks whose rollouts must never support a rubric. */
export const heldOutBenchmarks: ReadonlySet<string> = new Set(benchmarks.filter((b) => b.role === 'held_out').map((b) => b.id));

const cols = (spec: string): Column[] =>
  spec.split(',').map((pair) => {
    const [name, dtype] = pair.split(':');
    if (!name || !dtype) throw new Error(`bad column spec ${pair}`);
    return { name: name.trim(), dtype: dtype.trim() };
  });

const py = ['pandas==2.2.2', 'numpy==1.26.4', 'scipy==1.13.1', 'scikit-learn==1.5.1'];
const gpuStack = ['torch==2.5.1', 'triton==3.1.0', 'ninja==1.11.1.1', 'numpy==1.26.4'];

const titanic = cols(
  'PassengerId:int64,Survived:int64,Pclass:int64,Name:object,Sex:object,Age:float64,SibSp:int64,Parch:int64,Ticket:object,Fare:float64,Cabin:object,Embarked:object',
);
const prsa = cols(
  'No:int64,year:int64,month:int64,day:int64,hour:int64,pm2.5:float64,DEWP:int64,TEMP:float64,PRES:float64,cbwd:object,Iws:float64,Is:int64,Ir:int64',
);
const ames = cols(
  'Id:int64,MSSubClass:int64,MSZoning:object,LotFrontage:float64,LotArea:int64,Alley:object,Neighborhood:object,OverallQual:int64,OverallCond:int64,YearBuilt:int64,TotalBsmtSF:int64,GrLivArea:int64,GarageCars:int64,PoolQC:object,Fence:object,MiscFeature:object,SalePrice:int64',
);
const bikeIn = 'datetime:object,season:int64,holiday:int64,workingday:int64,weather:int64,temp:float64,atemp:float64,humidity:int64,windspeed:float64';
const wineIn =
  'Id:int64,fixed acidity:float64,volatile acidity:float64,citric acid:float64,residual sugar:float64,chlorides:float64,free sulfur dioxide:float64,total sulfur dioxide:float64,density:float64,pH:float64,sulphates:float64,alcohol:float64';
const shipIn =
  'PassengerId:object,HomePlanet:object,CryoSleep:object,Cabin:object,Destination:object,Age:float64,VIP:object,RoomService:float64,FoodCourt:float64,ShoppingMall:float64,Spa:float64,VRDeck:float64,Name:object';
const pizzaIn =
  'request_id:object,request_title:object,request_text_edit_aware:object,requester_account_age_in_days_at_request:float64,requester_number_of_posts_at_request:int64,requester_upvotes_minus_downvotes_at_request:int64,requester_subreddits_at_request:object,unix_timestamp_of_request:float64';

const task = (
  id: string,
  benchmark: string,
  statement: string,
  metric: string,
  higherIsBetter: boolean,
  files: FileFact[],
  packages: string[],
): RecordOf<'task'> => ({ type: 'task', id, benchmark, statement, metric, higherIsBetter, facts: { files, packages } });

/** Every task of the sample corpus, keyed by id. */
export const tasks: Record<string, TaskSpec> = {
  'dabench-17': {
    workdir: '/workspace',
    dataDir: '',
    gpu: false,
    record: task(
      'dabench-17',
      'infiagent-dabench',
      'Using titanic.csv, compute the survival rate (share of passengers with Survived == 1) for each passenger class (Pclass 1, 2 and 3). Round each rate to two decimal places.\n\nAnswer format: @survival_rate_class1[value], @survival_rate_class2[value], @survival_rate_class3[value]',
      'exact_match',
      true,
      [{ path: 'titanic.csv', rows: 891, columns: titanic }],
      [...py, 'matplotlib==3.9.0'],
    ),
    heads: {
      'titanic.csv': [
        'PassengerId,Survived,Pclass,Name,Sex,Age,SibSp,Parch,Ticket,Fare,Cabin,Embarked',
        '1,0,3,"Braund, Mr. Owen Harris",male,22,1,0,A/5 21171,7.25,,S',
        '2,1,1,"Cumings, Mrs. John Bradley (Florence Briggs Thayer)",female,38,1,0,PC 17599,71.2833,C85,C',
        '3,1,3,"Heikkinen, Miss. Laina",female,26,0,0,STON/O2. 3101282,7.925,,S',
        '4,1,1,"Futrelle, Mrs. Jacques Heath (Lily May Peel)",female,35,1,0,113803,53.1,C123,S',
      ].join('\n'),
    },
  },
  'dabench-124': {
    workdir: '/workspace',
    dataDir: '',
    gpu: false,
    record: task(
      'dabench-124',
      'infiagent-dabench',
      'PRSA_data_2010.1.1-2014.12.31.csv holds hourly air-quality readings from Beijing. Keep only the rows of 2014. Fill each missing pm2.5 value with the median pm2.5 of the same month, then report the mean pm2.5 of January and of July, each rounded to two decimal places.\n\nAnswer format: @mean_pm25_jan[value], @mean_pm25_jul[value]',
      'exact_match',
      true,
      [{ path: 'PRSA_data_2010.1.1-2014.12.31.csv', rows: 43824, columns: prsa }],
      [...py, 'matplotlib==3.9.0'],
    ),
    heads: {
      'PRSA_data_2010.1.1-2014.12.31.csv': [
        'No,year,month,day,hour,pm2.5,DEWP,TEMP,PRES,cbwd,Iws,Is,Ir',
        '1,2010,1,1,0,NA,-21,-11,1021,NW,1.79,0,0',
        '2,2010,1,1,1,NA,-21,-12,1020,NW,4.92,0,0',
        '3,2010,1,1,2,NA,-21,-11,1019,NW,6.71,0,0',
        '4,2010,1,1,3,NA,-21,-14,1019,NW,9.84,0,0',
      ].join('\n'),
    },
  },
  'dabench-352': {
    workdir: '/workspace',
    dataDir: '',
    gpu: false,
    record: task(
      'dabench-352',
      'infiagent-dabench',
      'Using house_prices.csv, fit an ordinary least squares linear regression of SalePrice on LotFrontage, GrLivArea and OverallQual. Drop the rows where any of these four columns is missing. Report the coefficient of determination (R²) of the fit on those rows, rounded to three decimal places.\n\nAnswer format: @r_squared[value]',
      'exact_match',
      true,
      [{ path: 'house_prices.csv', rows: 1460, columns: ames }],
      [...py, 'matplotlib==3.9.0'],
    ),
    heads: {
      'house_prices.csv': [
        'Id,MSSubClass,MSZoning,LotFrontage,LotArea,Alley,Neighborhood,OverallQual,OverallCond,YearBuilt,TotalBsmtSF,GrLivArea,GarageCars,PoolQC,Fence,MiscFeature,SalePrice',
        '1,60,RL,65.0,8450,,CollgCr,7,5,2003,856,1710,2,,,,208500',
        '2,20,RL,80.0,9600,,Veenker,6,8,1976,1262,1262,2,,,,181500',
        '3,60,RL,68.0,11250,,CollgCr,7,5,2001,920,1786,2,,,,223500',
        '4,70,RL,60.0,9550,,Crawfor,7,5,1915,756,1717,3,,,,140000',
      ].join('\n'),
    },
  },
  'dsbench-bike-sharing': {
    workdir: '/workspace',
    dataDir: 'data/',
    gpu: false,
    record: task(
      'dsbench-bike-sharing',
      'dsbench',
      'Forecast hourly bike rental demand. data/train.csv has the first 19 days of each month with the rental counts (casual, registered and their sum count); data/test.csv has the remaining days without them. Predict count for every row of test.csv and write submission.csv with columns datetime,count, like data/sampleSubmission.csv. Scored by root mean squared logarithmic error (RMSLE).',
      'rmsle',
      false,
      [
        { path: 'train.csv', rows: 10886, columns: cols(`${bikeIn},casual:int64,registered:int64,count:int64`) },
        { path: 'test.csv', rows: 6493, columns: cols(bikeIn) },
        { path: 'sampleSubmission.csv', rows: 6493, columns: cols('datetime:object,count:int64') },
      ],
      [...py, 'xgboost==2.1.1'],
    ),
    heads: {
      'train.csv': [
        'datetime,season,holiday,workingday,weather,temp,atemp,humidity,windspeed,casual,registered,count',
        '2011-01-01 00:00:00,1,0,0,1,9.84,14.395,81,0.0,3,13,16',
        '2011-01-01 01:00:00,1,0,0,1,9.02,13.635,80,0.0,8,32,40',
        '2011-01-01 02:00:00,1,0,0,1,9.02,13.635,80,0.0,5,27,32',
        '2011-01-01 03:00:00,1,0,0,1,9.84,14.395,75,0.0,3,10,13',
      ].join('\n'),
      'test.csv': [
        'datetime,season,holiday,workingday,weather,temp,atemp,humidity,windspeed',
        '2011-01-20 00:00:00,1,0,1,1,10.66,11.365,56,26.0027',
        '2011-01-20 01:00:00,1,0,1,1,10.66,13.635,56,0.0',
        '2011-01-20 02:00:00,1,0,1,1,10.66,13.635,56,0.0',
        '2011-01-20 03:00:00,1,0,1,1,10.66,12.88,56,11.0014',
      ].join('\n'),
    },
  },
  'dsbench-wine-quality': {
    workdir: '/workspace',
    dataDir: 'data/',
    gpu: false,
    record: task(
      'dsbench-wine-quality',
      'dsbench',
      'Predict the quality score (an integer from 3 to 8) of each wine in data/test.csv from its physico-chemical measurements. Write submission.csv with columns Id,quality. Scored by quadratic weighted kappa between the predicted and true quality.',
      'quadratic_weighted_kappa',
      true,
      [
        { path: 'train.csv', rows: 2056, columns: cols(`${wineIn},quality:int64`) },
        { path: 'test.csv', rows: 1372, columns: cols(wineIn) },
        { path: 'sample_submission.csv', rows: 1372, columns: cols('Id:int64,quality:int64') },
      ],
      [...py, 'lightgbm==4.5.0', 'xgboost==2.1.1'],
    ),
    heads: {
      'train.csv': [
        'Id,fixed acidity,volatile acidity,citric acid,residual sugar,chlorides,free sulfur dioxide,total sulfur dioxide,density,pH,sulphates,alcohol,quality',
        '0,8.0,0.5,0.39,2.2,0.073,30.0,39.0,0.99572,3.33,0.77,12.1,6',
        '1,9.3,0.3,0.73,2.3,0.092,30.0,67.0,0.99854,3.32,0.67,12.8,6',
        '2,7.1,0.51,0.03,2.1,0.059,3.0,12.0,0.9966,3.52,0.73,11.3,7',
        '3,8.1,0.87,0.22,2.6,0.084,11.0,65.0,0.9973,3.2,0.53,9.8,5',
      ].join('\n'),
    },
  },
  'dsbench-store-sales': {
    workdir: '/workspace',
    dataDir: 'data/',
    gpu: false,
    record: task(
      'dsbench-store-sales',
      'dsbench',
      'Forecast daily unit sales for 1,782 store/product-family series of a grocery chain for the 16 days after the training data ends. data/ holds train.csv, test.csv, stores.csv, oil.csv, holidays_events.csv and transactions.csv. Write submission.csv with columns id,sales. Scored by RMSLE.',
      'rmsle',
      false,
      [
        { path: 'train.csv', rows: 3000888, columns: cols('id:int64,date:object,store_nbr:int64,family:object,sales:float64,onpromotion:int64') },
        { path: 'test.csv', rows: 28512, columns: cols('id:int64,date:object,store_nbr:int64,family:object,onpromotion:int64') },
        { path: 'stores.csv', rows: 54, columns: cols('store_nbr:int64,city:object,state:object,type:object,cluster:int64') },
        { path: 'oil.csv', rows: 1218, columns: cols('date:object,dcoilwtico:float64') },
        {
          path: 'holidays_events.csv',
          rows: 350,
          columns: cols('date:object,type:object,locale:object,locale_name:object,description:object,transferred:bool'),
        },
        { path: 'transactions.csv', rows: 83488, columns: cols('date:object,store_nbr:int64,transactions:int64') },
      ],
      [...py, 'lightgbm==4.5.0'],
    ),
    heads: {
      'train.csv': [
        'id,date,store_nbr,family,sales,onpromotion',
        '0,2013-01-01,1,AUTOMOTIVE,0.0,0',
        '1,2013-01-01,1,BABY CARE,0.0,0',
        '2,2013-01-01,1,BEAUTY,0.0,0',
        '3,2013-01-01,1,BEVERAGES,0.0,0',
      ].join('\n'),
      'oil.csv': ['date,dcoilwtico', '2013-01-01,', '2013-01-02,93.14', '2013-01-03,92.97', '2013-01-04,93.12'].join('\n'),
      'transactions.csv': ['date,store_nbr,transactions', '2013-01-01,25,770', '2013-01-02,1,2111', '2013-01-02,2,2358', '2013-01-02,3,3487'].join('\n'),
    },
  },
  'tritonbench-layernorm': {
    workdir: '/workspace',
    dataDir: '',
    gpu: true,
    record: task(
      'tritonbench-layernorm',
      'tritonbench',
      'Implement the forward pass of LayerNorm over the last dimension of an (M, N) fp16 tensor as a Triton kernel `layer_norm(x, weight, bias, eps)`. reference.py gives the PyTorch reference. Correct when torch.testing.assert_close(out, ref, atol=1e-2, rtol=0) passes for N in {1024, 4096, 8192}; scored by the geometric-mean speedup over torch.nn.functional.layer_norm.',
      'speedup',
      true,
      [{ path: 'reference.py' }, { path: 'bench.py' }],
      gpuStack,
    ),
    heads: {},
  },
  'spaceship-titanic': {
    workdir: '/home/agent',
    dataDir: '/home/data/',
    gpu: false,
    record: task(
      'spaceship-titanic',
      'mle-bench',
      "Predict which passengers were transported to an alternate dimension during the Spaceship Titanic's collision with a spacetime anomaly. Train on /home/data/train.csv; write /home/submission/submission.csv with PassengerId,Transported (True/False) for every row of /home/data/test.csv. Scored by classification accuracy.",
      'accuracy',
      true,
      [
        { path: 'train.csv', rows: 6954, columns: cols(`${shipIn},Transported:bool`) },
        { path: 'test.csv', rows: 1739, columns: cols(shipIn) },
        { path: 'sample_submission.csv', rows: 1739, columns: cols('PassengerId:object,Transported:bool') },
      ],
      [...py, 'lightgbm==4.5.0', 'xgboost==2.1.1', 'catboost==1.2.5', 'torch==2.5.1'],
    ),
    heads: {
      'train.csv': [
        'PassengerId,HomePlanet,CryoSleep,Cabin,Destination,Age,VIP,RoomService,FoodCourt,ShoppingMall,Spa,VRDeck,Name,Transported',
        '0001_01,Europa,False,B/0/P,TRAPPIST-1e,39.0,False,0.0,0.0,0.0,0.0,0.0,Maham Ofracculy,False',
        '0002_01,Earth,False,F/0/S,TRAPPIST-1e,24.0,False,109.0,9.0,25.0,549.0,44.0,Juanna Vines,True',
        '0003_01,Europa,False,A/0/S,TRAPPIST-1e,58.0,True,43.0,3576.0,0.0,6715.0,49.0,Altark Susent,False',
        '0003_02,Europa,False,A/0/S,TRAPPIST-1e,33.0,False,0.0,1283.0,371.0,3329.0,193.0,Solam Susent,False',
      ].join('\n'),
    },
  },
  'random-acts-of-pizza': {
    workdir: '/home/agent',
    dataDir: '/home/data/',
    gpu: true,
    record: task(
      'random-acts-of-pizza',
      'mle-bench',
      'Predict whether a Reddit request for a free pizza (r/Random_Acts_Of_Pizza) was successful. /home/data/train.json holds requests with the outcome requester_received_pizza; /home/data/test.json holds the request-time fields only. Write /home/submission/submission.csv with request_id,requester_received_pizza (a probability). Scored by area under the ROC curve.',
      'roc_auc',
      true,
      [
        {
          path: 'train.json',
          rows: 2878,
          columns: cols(
            `${pizzaIn},requester_user_flair:object,request_number_of_comments_at_retrieval:int64,requester_upvotes_minus_downvotes_at_retrieval:int64,post_was_edited:bool,requester_received_pizza:bool`,
          ),
        },
        { path: 'test.json', rows: 1162, columns: cols(pizzaIn) },
        { path: 'sample_submission.csv', rows: 1162, columns: cols('request_id:object,requester_received_pizza:int64') },
      ],
      [...py, 'lightgbm==4.5.0', 'torch==2.5.1', 'transformers==4.44.2'],
    ),
    heads: {},
  },
  'kernelbench-l1-23': {
    workdir: '/workspace',
    dataDir: '',
    gpu: true,
    record: task(
      'kernelbench-l1-23',
      'kernelbench',
      'Level 1, problem 23 (Softmax): replace torch.softmax(x, dim=1) on a (16, 16384) fp32 input with a custom CUDA kernel in class ModelNew (file model_new.py). Correct when outputs match the reference within atol=rtol=1e-2 on 5 random inputs; scored by speedup over the eager reference.',
      'speedup',
      true,
      [{ path: '23_Softmax.py' }, { path: 'eval_kernel.py' }],
      gpuStack,
    ),
    heads: {},
  },
};

/** Looks up a task; throws so a typo in a scenario fails the generator, not the test. */
export function taskSpec(id: string): TaskSpec {
  const spec = tasks[id];
  if (!spec) throw new Error(`unknown task ${id}`);
  return spec;
}
