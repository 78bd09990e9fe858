<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="russian_rails_tiles" tilewidth="26" tileheight="30" tilecount="20" columns="10">
 <image source="russian_rails_tiles.png" width="260" height="60"/>
  <tile id="0">
   <properties>
    <property name="terrain" value="clear"/>
   </properties>
  </tile>
  <tile id="1">
   <properties>
    <property name="terrain" value="mountain"/>
   </properties>
  </tile>
  <tile id="2">
   <properties>
    <property name="terrain" value="alpine"/>
   </properties>
  </tile>
  <tile id="3">
   <properties>
    <property name="terrain" value="marsh"/>
   </properties>
  </tile>
  <tile id="4">
   <properties>
    <property name="terrain" value="small_city"/>
   </properties>
  </tile>
  <tile id="5">
   <properties>
    <property name="terrain" value="medium_city"/>
   </properties>
  </tile>
  <tile id="6">
   <properties>
    <property name="terrain" value="major_city"/>
   </properties>
  </tile>
  <tile id="7">
   <properties>
    <property name="terrain" value="ferry_port"/>
   </properties>
  </tile>
  <tile id="8">
   <properties>
    <property name="region" value="Russia"/>
   </properties>
  </tile>
  <tile id="9">
   <properties>
    <property name="region" value="Estonia"/>
   </properties>
  </tile>
  <tile id="10">
   <properties>
    <property name="region" value="Latvia"/>
   </properties>
  </tile>
  <tile id="11">
   <properties>
    <property name="region" value="Lithuania"/>
   </properties>
  </tile>
  <tile id="12">
   <properties>
    <property name="region" value="Belarus"/>
   </properties>
  </tile>
  <tile id="13">
   <properties>
    <property name="region" value="Moldova"/>
   </properties>
  </tile>
  <tile id="14">
   <properties>
    <property name="region" value="Ukraine"/>
   </properties>
  </tile>
  <tile id="15">
   <properties>
    <property name="region" value="Georgia"/>
   </properties>
  </tile>
  <tile id="16">
   <properties>
    <property name="region" value="Armenia"/>
   </properties>
  </tile>
  <tile id="17">
   <properties>
    <property name="region" value="Azerbaijan"/>
   </properties>
  </tile>
  <tile id="18">
   <properties>
    <property name="region" value="Kazakhstan"/>
   </properties>
  </tile>
  <tile id="19">
   <properties>
    <property name="region" value="Turkmenistan"/>
   </properties>
  </tile>
</tileset>
