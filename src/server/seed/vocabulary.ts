/**
 * The words the demo catalogue is made of: Balochi and Brahui genres, names, places and title words,
 * each in Latin letters and in Arabic script. Some Arabic-script names deliberately use the Arabic
 * letter variants (ي ك ة أ) that search folding must match with their Balochi forms (ی ک ه ا).
 */

export type Language = 'Balochi' | 'Brahui';
export type Country = 'Pakistan' | 'Iran' | 'Afghanistan' | 'Oman' | 'UAE';

export interface GenreSeed {
  name: string;
  description: string;
  color: string;
  isActive: boolean;
}

export const GENRES: readonly GenreSeed[] = [
  {
    name: 'Zahirok',
    description: 'Zahirok — زهیروک: slow songs of longing and separation, sung in a free rhythm.',
    color: '#8B5CF6',
    isActive: true,
  },
  {
    name: 'Sepad',
    description: 'Sepad (سپت): songs of praise sung at births, weddings and Eid.',
    color: '#F59E0B',
    isActive: true,
  },
  {
    name: 'Laadi',
    description: 'Laadi — لاڑی: lively wedding songs with dhol and clapping.',
    color: '#EC4899',
    isActive: true,
  },
  {
    name: 'Nazenk',
    description: 'Nazenk (نازینک): tender songs sung to a child or to the beloved.',
    color: '#FF6B6B',
    isActive: true,
  },
  {
    name: 'Motk',
    description: 'Motk — موتک: laments and elegies for the departed.',
    color: '#64748B',
    isActive: true,
  },
  {
    name: 'Sot',
    description: 'Sot (سوت): wedding songs sung by women in chorus.',
    color: '#10B981',
    isActive: true,
  },
  {
    name: 'Lehrr',
    description: 'Lehrr — لهر: songs of the sea and the fishermen of Gwadar and Pasni.',
    color: '#0EA5E9',
    isActive: true,
  },
  {
    name: 'Dastanag',
    description: 'Dastanag (دستانگ): short folk verses played with the nal flute.',
    color: '#84CC16',
    isActive: true,
  },
  {
    name: 'Sheyr',
    description: 'Sheyr — شئیر: epic ballads of Chakar and Gwahram sung with the suroz.',
    color: '#B45309',
    isActive: true,
  },
  {
    name: 'Guwati',
    description: 'Guwati (گواتی): healing songs of the Makran coast.',
    color: '#14B8A6',
    isActive: true,
  },
  {
    name: 'Liku',
    description: 'Liku — لیکو: camel drivers’ songs of the desert road.',
    color: '#D97706',
    isActive: false,
  },
  {
    name: 'Brahui Folk',
    description: 'Brahui folk (براهوئی): songs of Kalat, Khuzdar and Mastung.',
    color: '#6366F1',
    isActive: true,
  },
];

export interface ArtistSeed {
  name: string;
  country: Country;
  language: Language;
  verified: boolean;
}

/** The forty artists of the demo catalogue. */
export const ARTISTS: readonly ArtistSeed[] = [
  { name: 'Akhtar Chanal', country: 'Pakistan', language: 'Balochi', verified: true },
  { name: 'نور خان بزنجو', country: 'Pakistan', language: 'Brahui', verified: true },
  { name: 'كريم بلوچ', country: 'Pakistan', language: 'Balochi', verified: true },
  { name: 'Mahnaz Baloch', country: 'Pakistan', language: 'Balochi', verified: true },
  { name: 'ماهگنج بلوچ', country: 'Pakistan', language: 'Balochi', verified: false },
  { name: 'Shahnaz Rind', country: 'Pakistan', language: 'Balochi', verified: true },
  { name: 'شیر محمد مری', country: 'Pakistan', language: 'Balochi', verified: false },
  { name: 'Karim Jan Lashari', country: 'Pakistan', language: 'Balochi', verified: false },
  { name: 'گل بی بی رند', country: 'Pakistan', language: 'Balochi', verified: true },
  { name: 'Dur Jan Marri', country: 'Pakistan', language: 'Balochi', verified: false },
  { name: 'عبدالستار لاسی', country: 'Pakistan', language: 'Balochi', verified: false },
  { name: 'Rahim Bakhsh Zehri', country: 'Pakistan', language: 'Brahui', verified: true },
  { name: 'جمیله بلوچ', country: 'Pakistan', language: 'Balochi', verified: false },
  { name: 'Sher Jan Mengal', country: 'Pakistan', language: 'Brahui', verified: false },
  { name: 'نصیر احمد رئیسانی', country: 'Pakistan', language: 'Brahui', verified: true },
  { name: 'Gulbahar Shahwani', country: 'Pakistan', language: 'Brahui', verified: false },
  { name: 'حمیده ساسولی', country: 'Pakistan', language: 'Brahui', verified: false },
  { name: 'Nasir Kurd', country: 'Pakistan', language: 'Brahui', verified: false },
  { name: 'أحمد زهري', country: 'Pakistan', language: 'Brahui', verified: false },
  { name: 'Hani Gichki', country: 'Pakistan', language: 'Balochi', verified: true },
  { name: 'دلجان بزنجو', country: 'Pakistan', language: 'Balochi', verified: false },
  { name: 'Sammi Kalmati', country: 'Pakistan', language: 'Balochi', verified: false },
  { name: 'Chakar Hoot', country: 'Pakistan', language: 'Balochi', verified: false },
  { name: 'Banuk Jamali', country: 'Pakistan', language: 'Balochi', verified: false },
  { name: 'Mureed Sarbazi', country: 'Iran', language: 'Balochi', verified: true },
  { name: 'یوسف سرحدی', country: 'Iran', language: 'Balochi', verified: false },
  { name: 'Zahra Dashti', country: 'Iran', language: 'Balochi', verified: false },
  { name: 'فاطمة سربازي', country: 'Iran', language: 'Balochi', verified: true },
  { name: 'Jawed Chabahari', country: 'Iran', language: 'Balochi', verified: false },
  { name: 'ناصر چابهاری', country: 'Iran', language: 'Balochi', verified: false },
  { name: 'Bashir Nimrozi', country: 'Afghanistan', language: 'Balochi', verified: false },
  { name: 'عیسی هلمندی', country: 'Afghanistan', language: 'Balochi', verified: false },
  { name: 'Zarina Sanjrani', country: 'Afghanistan', language: 'Balochi', verified: true },
  { name: 'Salim Al Balushi', country: 'Oman', language: 'Balochi', verified: true },
  { name: 'عائشة البلوشي', country: 'Oman', language: 'Balochi', verified: false },
  { name: 'Hamad Raisi', country: 'Oman', language: 'Balochi', verified: false },
  { name: 'Rashid Balushi', country: 'UAE', language: 'Balochi', verified: true },
  { name: 'حمد رئیسی', country: 'UAE', language: 'Balochi', verified: false },
  { name: 'Yousuf Mirwani', country: 'UAE', language: 'Brahui', verified: false },
  { name: 'Parveen Notezai', country: 'Pakistan', language: 'Brahui', verified: false },
];

/** A word in both scripts. */
export type Word = readonly [latin: string, arabic: string];

/** Given names and family names, combined for the extra artists of large catalogues and for users. */
export const GIVEN_NAMES: readonly Word[] = [
  ['Akhtar', 'اختر'],
  ['Noor', 'نور'],
  ['Karim', 'کریم'],
  ['Rahim', 'رحیم'],
  ['Sher', 'شیر'],
  ['Gul', 'گل'],
  ['Mahnaz', 'مهناز'],
  ['Shahnaz', 'شهناز'],
  ['Durjan', 'درجان'],
  ['Hani', 'هانی'],
  ['Sammi', 'سمی'],
  ['Mureed', 'مرید'],
  ['Zahra', 'زهرا'],
  ['Jawed', 'جاوید'],
  ['Bashir', 'بشیر'],
  ['Salim', 'سلیم'],
  ['Ahmed', 'احمد'],
  ['Rashid', 'راشد'],
  ['Yousuf', 'یوسف'],
  ['Nasir', 'نصیر'],
  ['Hameeda', 'حمیده'],
  ['Jameela', 'جمیله'],
  ['Diljan', 'دلجان'],
  ['Isa', 'عیسی'],
  ['Zarina', 'زرینه'],
  ['Ayesha', 'عایشه'],
  ['Hamad', 'حمد'],
  ['Mahgul', 'ماهگل'],
  ['Chakar', 'چاکر'],
  ['Balach', 'بالاچ'],
  ['Mehrab', 'محراب'],
  ['Nazir', 'نذیر'],
  ['Sadiq', 'صادق'],
  ['Wahid', 'واحد'],
  ['Parveen', 'پروین'],
  ['Sameena', 'ثمینه'],
  ['Banuk', 'بانک'],
  ['Shari', 'شاری'],
  ['Shayhaq', 'شیهک'],
  ['Mahrang', 'ماهرنگ'],
];

export const FAMILY_NAMES: readonly Word[] = [
  ['Baloch', 'بلوچ'],
  ['Bugti', 'بگٹی'],
  ['Marri', 'مری'],
  ['Mengal', 'مینگل'],
  ['Rind', 'رند'],
  ['Lashari', 'لاشاری'],
  ['Zehri', 'زهری'],
  ['Bezanjo', 'بزنجو'],
  ['Raisani', 'رئیسانی'],
  ['Shahwani', 'شاهوانی'],
  ['Kurd', 'کرد'],
  ['Gichki', 'گچکی'],
  ['Kalmati', 'کلمتی'],
  ['Sasoli', 'ساسولی'],
  ['Lasi', 'لاسی'],
  ['Jamali', 'جمالی'],
  ['Magsi', 'مگسی'],
  ['Notezai', 'نوتیزئی'],
  ['Sarbazi', 'سربازی'],
  ['Dashti', 'دشتی'],
  ['Chabahari', 'چابهاری'],
  ['Nimrozi', 'نیمروزی'],
  ['Balushi', 'بلوشی'],
  ['Hoot', 'هوت'],
  ['Mirwani', 'میروانی'],
  ['Sanjrani', 'سنجرانی'],
  ['Sumalani', 'سمالانی'],
  ['Langove', 'لانگو'],
  ['Kenazai', 'کینازئی'],
  ['Gorgeij', 'گرگیج'],
];

/** Song and album title words. */
export const TITLE_WORDS: readonly Word[] = [
  ['Dost', 'دوست'],
  ['Watan', 'وطن'],
  ['Mahtab', 'ماهتاب'],
  ['Shap', 'شپ'],
  ['Roch', 'روچ'],
  ['Gwat', 'گوات'],
  ['Kooh', 'کوه'],
  ['Darya', 'دریا'],
  ['Mehr', 'مهر'],
  ['Dil', 'دل'],
  ['Gul', 'گل'],
  ['Bahar', 'بهار'],
  ['Rang', 'رنگ'],
  ['Jan', 'جان'],
  ['Naz', 'ناز'],
  ['Yaad', 'یاد'],
  ['Istal', 'استال'],
  ['Haur', 'هور'],
  ['Chamm', 'چم'],
  ['Sapar', 'سپر'],
  ['Karwan', 'کاروان'],
  ['Ganj', 'گنج'],
  ['Zahir', 'زهیر'],
  ['Saaz', 'ساز'],
  ['Sawz', 'سبز'],
  ['Mahrang', 'ماهرنگ'],
  ['Laila', 'لیلا'],
  ['Sohbat', 'صحبت'],
  ['Armaan', 'ارمان'],
  ['Shahr', 'شهر'],
  ['Nazenk', 'نازینک'],
  ['Zahirok', 'زهیروک'],
];

export const PLACES: readonly Word[] = [
  ['Makran', 'مکران'],
  ['Kech', 'کیچ'],
  ['Gwadar', 'گوادر'],
  ['Panjgur', 'پنجگور'],
  ['Turbat', 'تربت'],
  ['Kalat', 'قلات'],
  ['Khuzdar', 'خضدار'],
  ['Mastung', 'مستونگ'],
  ['Bolan', 'بولان'],
  ['Chagai', 'چاغی'],
  ['Sistan', 'سیستان'],
  ['Pasni', 'پسنی'],
];

/** Stream event locations, by the listener's country. */
export const LOCATIONS: readonly string[] = [
  'Quetta, Pakistan',
  'Karachi, Pakistan',
  'Turbat, Pakistan',
  'Gwadar, Pakistan',
  'Khuzdar, Pakistan',
  'Zahedan, Iran',
  'Chabahar, Iran',
  'Zaranj, Afghanistan',
  'Muscat, Oman',
  'Dubai, UAE',
];

export const LYRICISTS: readonly string[] = [
  'Gul Khan Nasir',
  'Atta Shad',
  'Syed Zahoor Shah Hashmi',
  'Mubarak Qazi',
  'عطا شاد',
  'گل خان نصیر',
  'Ghaus Bahar',
  'Munir Momin',
];

export const PLAYLIST_NOUNS: readonly Word[] = [
  ['Nights', 'شپ'],
  ['Classics', 'کلاسیک'],
  ['Essentials', 'گچین'],
  ['Favourites', 'دوستیں سوت'],
  ['Road Trip', 'سپر'],
  ['Gold', 'زر'],
  ['Mix', 'ترانگ'],
  ['Mornings', 'سُهب'],
];

export const COUNTRY_WEIGHTS: Readonly<Record<Country, number>> = {
  Pakistan: 55,
  Iran: 20,
  Afghanistan: 8,
  Oman: 10,
  UAE: 7,
};
